import { Badge, Body1, makeStyles, tokens } from '@fluentui/react-components';
import { getPath } from '../../core/source/pointer';
import type { ProgressBlock } from '../../core/types';
import { progressRows } from '../flow/machine';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, width: '100%', display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', columnGap: tokens.spacingHorizontalM },
});

const COLOR = { completed: 'success', progress: 'brand', pending: 'informative' } as const;

/** A progress tracker: each row Completed / In Progress / Pending, derived by core from the status order. */
export function ProgressBlockView({ block }: { block: ProgressBlock }) {
  const styles = useStyles();
  const { t, bundle } = useRuntime();
  const { flowId, context } = useStep();
  const flow = bundle.flows[flowId];
  const rows = progressRows(flow, block.tracker, flow.status ? getPath(context.record, flow.status.field) : undefined);
  return (
    <ol className={styles.list}>
      {rows.map((row) => (
        <li key={row.id} className={styles.row} data-state={row.state}>
          <Body1>{t(row.label, context)}</Body1>
          <Badge appearance="tint" color={COLOR[row.state]}>{t(`runtime.progress.${row.state}`)}</Badge>
        </li>
      ))}
    </ol>
  );
}
