import { Button, makeStyles, tokens } from '@fluentui/react-components';
import type { BlockWidgetProps } from '../../runtime/react';

/** Message keys the pager shows (listed in extensions/manifest.yaml). */
export const PAGER_KEYS = { label: 'calculator.pager.label', previous: 'calculator.pager.previous', next: 'calculator.pager.next', page: 'calculator.pager.page' } as const;

// Page numbers are narrower than Fluent's 64px button minimum, so previous, six numbers and next fit
// one line on a phone (390px).
const useStyles = makeStyles({
  pager: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXXS, alignItems: 'center' },
  number: { minWidth: '2rem', paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalXS },
  step: { minWidth: 'auto', whiteSpace: 'nowrap' },
});

/** The page numbers shown: at most `max`, a window around the current page. */
export function pageWindow(page: number, pages: number, max: number): number[] {
  const count = Math.min(max, pages);
  const start = Math.min(Math.max(1, page - Math.floor(count / 2)), Math.max(1, pages - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/**
 * Page buttons (at most `maxButtons`, default 6) with previous / next; raises `event` (default
 * `setPage`) with `{ value: page }`. Props: page, pageSize, total, maxButtons, event.
 */
export function Pager({ props, t, raise, busy }: BlockWidgetProps) {
  const styles = useStyles();
  const page = Math.max(1, Number(props.page) || 1);
  const pages = Math.max(1, Math.ceil((Number(props.total) || 0) / Math.max(1, Number(props.pageSize) || 25)));
  const event = typeof props.event === 'string' ? props.event : 'setPage';
  const go = (value: number) => raise(event, { value });
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t(PAGER_KEYS.label)}>
      <Button size="small" appearance="subtle" className={styles.step} disabled={busy || page <= 1} onClick={() => go(page - 1)}>{t(PAGER_KEYS.previous)}</Button>
      {pageWindow(page, pages, Number(props.maxButtons) || 6).map((n) => (
        <Button key={n} size="small" appearance={n === page ? 'primary' : 'subtle'} className={styles.number} aria-current={n === page ? 'page' : undefined}
          aria-label={t(PAGER_KEYS.page, { n })} disabled={busy} onClick={() => go(n)}>{String(n)}</Button>
      ))}
      <Button size="small" appearance="subtle" className={styles.step} disabled={busy || page >= pages} onClick={() => go(page + 1)}>{t(PAGER_KEYS.next)}</Button>
    </nav>
  );
}
