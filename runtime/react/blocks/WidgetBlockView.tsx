import { useMemo } from 'react';
import type { WidgetBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { getBlockWidget } from '../widgets/registry';

/** Renders a block widget registered under `block.widget` (unknown names were rejected at load); `props` are a logic template. */
export function WidgetBlockView({ block }: { block: WidgetBlock }) {
  const { t, widgets, logic } = useRuntime();
  const { context, raise, write, busy } = useStep();
  const Widget = getBlockWidget(widgets, block.widget);
  const props = useMemo(() => (logic.evaluateTemplate(block.props ?? {}, context) as Record<string, unknown>), [logic, block.props, context]);
  return <Widget props={props} context={context} t={t} busy={busy} raise={(event, payload) => void raise(event, payload)} write={(path, value, event) => void write(path, value, event)} />;
}
