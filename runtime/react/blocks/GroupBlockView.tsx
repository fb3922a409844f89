import { makeStyles, mergeClasses, Subtitle1, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { GroupBlock } from '../../core/types';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';
import { Blocks } from './BlockList';
import { NARROW_MAX } from './media';
import { useVars } from './useVars';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, alignItems: 'flex-start', width: '100%' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, maxWidth: '100%' },
  bar: {
    display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, width: '100%',
    '> :first-child': { marginRight: 'auto' },
  },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS, width: '100%' },
  panel: {
    boxSizing: 'border-box', padding: tokens.spacingHorizontalL, borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1,
  },
  sidebar: {
    display: 'grid', gridTemplateColumns: 'minmax(14rem, 18rem) minmax(0, 1fr)', columnGap: tokens.spacingHorizontalXXL, alignItems: 'start', width: '100%',
    [`@media (max-width: ${NARROW_MAX})`]: { gridTemplateColumns: 'minmax(0, 1fr)', rowGap: tokens.spacingVerticalL },
  },
  // Two columns side by side (e.g. a footer's contacts and its legal texts); one under the other on phones.
  columns: {
    display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalL, alignItems: 'start', width: '100%',
    [`@media (max-width: ${NARROW_MAX})`]: { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  expander: { width: '100%' },
  summary: {
    cursor: 'pointer', fontWeight: tokens.fontWeightSemibold, padding: `${tokens.spacingVerticalS} 0`,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  body: { paddingTop: tokens.spacingVerticalS },
  locked: { cursor: 'not-allowed', color: tokens.colorNeutralForegroundDisabled },
  // A finished section's tick after its title, in the theme's success colour.
  done: { marginLeft: tokens.spacingHorizontalS, color: tokens.colorPaletteGreenForeground1 },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
});

/** A tick drawn as SVG (a text glyph may be missing from the page's fonts). */
const TICK = (
  <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor" style={{ verticalAlign: 'text-bottom' }}>
    <path d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1Zm3.1 4.4a.6.6 0 0 0-.85.05L7.1 9.05 5.7 7.6a.6.6 0 1 0-.86.84l1.85 1.9a.6.6 0 0 0 .88-.02l3.58-4.07a.6.6 0 0 0-.05-.85Z" />
  </svg>
);

/**
 * A collapsible group (native `details`: without the app, the browser toggles it). With `openWhen` it opens whenever
 * that becomes true and closes whenever it becomes false (the user may toggle it in between); while `enabledWhen` is
 * false it is closed and its toggle is `aria-disabled` (a section locked until an earlier one is done). A toggle the
 * browser makes itself (find in page) is followed. While `doneWhen` holds its toggle shows a tick (and says
 * `runtime.progress.completed` to a screen reader).
 */
function Expander({ block, title }: { block: GroupBlock; title: string | undefined }) {
  const styles = useStyles();
  const { logic, t } = useRuntime();
  const { context } = useStep();
  const done = block.doneWhen !== undefined && logic.holds(block.doneWhen, context);
  const wanted = block.openWhen === undefined ? undefined : logic.holds(block.openWhen, context);
  const enabled = logic.holds(block.enabledWhen, context);
  const [open, setOpen] = useState<boolean>(wanted ?? block.open ?? false);
  const [lastWanted, setLastWanted] = useState(wanted);
  if (wanted !== lastWanted) {
    setLastWanted(wanted);
    if (wanted !== undefined) setOpen(wanted);
  }
  const shown = enabled && open;
  return (
    <details className={styles.expander} open={shown} data-group={block.id} data-locked={enabled ? undefined : 'true'}
      onToggle={(e) => {
        const details = e.currentTarget as HTMLDetailsElement;
        // A locked section stays closed (should the browser toggle it anyway).
        if (!enabled) details.open = false;
        else if (details.open !== shown) setOpen(details.open);
      }}>
      {/* The click (a mouse, or Enter and Space on the summary) toggles the state, not the element: a render between the
          browser's toggle and its (queued) toggle event would otherwise set the old state back and lose the click. */}
      <summary className={mergeClasses(styles.summary, !enabled && styles.locked)} aria-disabled={enabled ? undefined : true}
        onClick={(e) => {
          e.preventDefault();
          if (enabled) setOpen(!shown);
        }}>{title}{done ? <><span className={styles.done} data-done="">{TICK}</span><span className={styles.hidden}>{` (${t('runtime.progress.completed', context)})`}</span></> : null}</summary>
      {enabled ? <div className={mergeClasses(styles.column, styles.body)}><Blocks blocks={block.blocks} /></div> : null}
    </details>
  );
}

/**
 * A container of blocks: a column, two columns (one on phones), a wrapping row, a bar (first block left, the rest right), a row of actions, a boxed panel, a collapsible
 * expander (native `details`, keyboard and screen-reader friendly) or a side panel beside the rest.
 */
export function GroupBlockView({ block }: { block: GroupBlock }) {
  const styles = useStyles();
  const { t, logic } = useRuntime();
  const { context } = useStep();
  const vars = useVars(block.vars, context);
  const title = block.title ? t(block.title, vars) : undefined;
  const variant = block.variant ?? 'column';
  if (variant === 'expander') return <Expander block={block} title={title} />;
  if (variant === 'sidebar') {
    const [aside, ...rest] = block.blocks;
    // A side panel hidden by its own visibleWhen leaves no empty column.
    if (aside && !logic.holds(aside.visibleWhen, context)) return <div className={styles.column} data-group={block.id}><Blocks blocks={rest} /></div>;
    return (
      <div className={styles.sidebar} data-group={block.id}>
        <aside className={styles.column} aria-label={title}><Blocks blocks={aside ? [aside] : []} /></aside>
        <div className={styles.column}><Blocks blocks={rest} /></div>
      </div>
    );
  }
  const className = variant === 'columns' ? styles.columns : variant === 'row' ? styles.row : variant === 'bar' ? styles.bar : variant === 'actions' ? styles.actions : variant === 'panel' ? mergeClasses(styles.column, styles.panel) : styles.column;
  return (
    <section className={className} data-group={block.id} aria-label={title}>
      {variant === 'panel' && title ? <Subtitle1 as="h2">{title}</Subtitle1> : null}
      <Blocks blocks={block.blocks} />
    </section>
  );
}
