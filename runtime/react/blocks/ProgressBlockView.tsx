import { Badge, Body1, Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { getPath } from '../../core/source/pointer';
import type { ProgressBlock } from '../../core/types';
import { progressRows } from '../flow/machine';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { useStepNumberStyles } from './stepNumberStyles';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, width: '100%', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', columnGap: tokens.spacingHorizontalM },
  label: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS },
});

const COLOR = { completed: 'success', progress: 'brand', pending: 'informative' } as const;

/** An info glyph drawn as SVG (a text glyph may be missing from the page's fonts). */
const INFO_ICON = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
    <path d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm0 1.2a5.8 5.8 0 1 0 0 11.6A5.8 5.8 0 0 0 8 2.2ZM8 7a.6.6 0 0 1 .6.6v3.8a.6.6 0 1 1-1.2 0V7.6A.6.6 0 0 1 8 7Zm0-2.5a.8.8 0 1 1 0 1.6.8.8 0 0 1 0-1.6Z" />
  </svg>
);

/**
 * A progress tracker, each row's state derived by core from the status order: as a list (label and
 * Completed / In Progress / Pending, a row's info button raising its event) or as numbered steps
 * (those not pending active, the one in progress `aria-current="step"`). `rows` picks and orders rows.
 */
export function ProgressBlockView({ block }: { block: ProgressBlock }) {
  const styles = useStyles();
  const steps = useStepNumberStyles();
  const { t, bundle } = useRuntime();
  const { flowId, context, raise } = useStep();
  const flow = bundle.flows[block.flow ?? flowId];
  const rows = progressRows(flow, block.tracker, flow.status ? getPath(context.record, flow.status.field) : undefined, block.rows);
  if (block.variant === 'steps') {
    return (
      <ol className={styles.list} data-tracker={block.tracker}>
        {rows.map((row, i) => (
          <li key={row.id} className={mergeClasses(steps.step, row.state !== 'pending' && steps.reached)} data-state={row.state} aria-current={row.state === 'progress' ? 'step' : undefined}>
            <span className={mergeClasses(steps.number, row.state !== 'pending' && steps.reachedNumber)} aria-hidden="true">{i + 1}</span>
            <Body1>{t(row.label, context)}</Body1>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className={styles.list} data-tracker={block.tracker}>
      {rows.map((row) => (
        <li key={row.id} className={styles.row} data-state={row.state} data-row={row.id}>
          <span className={styles.label}>
            <Body1>{t(row.label, context)}</Body1>
            {row.info ? (
              <Button appearance="transparent" size="small" aria-label={t(row.info.label, context)} onClick={() => void raise(row.info!.event)}
                icon={INFO_ICON} />
            ) : null}
          </span>
          <Badge appearance="tint" color={COLOR[row.state]}>{t(`runtime.progress.${row.state}`)}</Badge>
        </li>
      ))}
    </ol>
  );
}
