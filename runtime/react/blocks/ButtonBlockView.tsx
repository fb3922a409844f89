import { Button } from '@fluentui/react-components';
import type { ButtonBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { useVars } from './useVars';

/**
 * A button raising a flow event (with its `payload`); with `set`, it first writes those page-state paths
 * (each value logic, read at the click), as a bound choice writes its own. Disabled while `enabledWhen` is false. While an
 * event runs it is `aria-disabled` but stays focusable: the button just clicked keeps focus (and a
 * dialog that opens mid-chain returns focus to it on close). While the screen is the server's (`hydrating`), a button
 * its rule disables is only `aria-disabled`: a click made before the app arrives is held (app/public/early-input.js)
 * and carried out if the rule, on the values the app took over, then enables it (a natively disabled button would
 * swallow the click).
 */
export function ButtonBlockView({ block }: { block: ButtonBlock }) {
  const { t, logic, hydrating } = useRuntime();
  const { context, raise, writeAll, busy } = useStep();
  const enabled = logic.holds(block.enabledWhen, context);
  const label = t(block.label, useVars(block.vars, context));
  const onClick = () => {
    const payload = block.payload ? (logic.evaluateTemplate(block.payload, context) as Record<string, unknown>) : undefined;
    if (block.set) void writeAll(Object.fromEntries(Object.entries(block.set).map(([path, v]) => [path, logic.evaluateTemplate(v, context)])), block.event, payload);
    else if (block.event) void raise(block.event, payload);
  };
  return (
    <Button appearance={block.appearance ?? 'primary'} disabled={!enabled && !hydrating} disabledFocusable={hydrating ? !enabled : enabled && busy} onClick={onClick} data-event={block.event}>
      {label}
    </Button>
  );
}
