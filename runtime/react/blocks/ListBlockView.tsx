import { Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo } from 'react';
import type { ListBlock } from '../../core/types';
import { StepContext, useStep, type StepServices } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { Blocks } from './BlockList';
import { NARROW_MAX } from './media';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, width: '100%', margin: 0, padding: 0, listStyleType: 'none' },
  row: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  grid: {
    display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(16rem, 1fr))', gap: tokens.spacingHorizontalL, width: '100%', margin: 0, padding: 0, listStyleType: 'none',
    [`@media (max-width: ${NARROW_MAX})`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  item: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
});

function Item({ step, name, item, index, blocks }: { step: StepServices; name: string; item: unknown; index: number; blocks: ListBlock['blocks'] }) {
  const services = useMemo<StepServices>(() => ({ ...step, context: { ...step.context, [name]: item, index } }), [step, name, item, index]);
  return <StepContext.Provider value={services}><Blocks blocks={blocks} /></StepContext.Provider>;
}

/** Repeats its blocks for every item of a list (logic reads the item as `item`, or the `as` name, and `index`). */
export function ListBlockView({ block }: { block: ListBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const step = useStep();
  const value = logic.evaluate(block.items, step.context);
  const items = Array.isArray(value) ? value : [];
  if (!items.length) return block.empty ? <Body1 as="p">{t(block.empty, step.context)}</Body1> : null;
  return (
    <ul className={styles[block.variant ?? 'column']} data-list={block.id}>
      {items.map((item, i) => (
        <li key={keyOf(item, i)} className={styles.item}>
          <Item step={step} name={block.as ?? 'item'} item={item} index={i} blocks={block.blocks} />
        </li>
      ))}
    </ul>
  );
}

function keyOf(item: unknown, index: number): string {
  if (item && typeof item === 'object') {
    const id = (item as Record<string, unknown>).id ?? (item as Record<string, unknown>).key;
    if (typeof id === 'string' || typeof id === 'number') return String(id);
  }
  return typeof item === 'string' || typeof item === 'number' ? String(item) : String(index);
}
