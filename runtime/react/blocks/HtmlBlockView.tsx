import { makeStyles, mergeClasses, typographyStyles } from '@fluentui/react-components';
import { createElement, useMemo, type ReactNode } from 'react';
import type { HtmlBlock } from '../../core/types';
import { sanitizeHtml, type HtmlNode } from '../../core/html';
import { useStep } from '../flow/StepContext';
import { useRuntime } from '../RuntimeContext';

const useStyles = makeStyles({
  html: { margin: 0, '& p': { margin: 0 }, '& a': { color: 'inherit', textDecorationLine: 'underline' } },
  body: typographyStyles.body1,
  caption: typographyStyles.caption1,
});

/** React elements of a sanitised tree (elements built one by one: no `innerHTML`). */
function render(nodes: HtmlNode[]): ReactNode[] {
  return nodes.map((n, i) => (typeof n === 'string' ? n : createElement(n.tag, { key: i, ...n.attrs }, ...(n.children.length ? render(n.children) : []))));
}

/**
 * HTML reduced to the allow-list of runtime/core/html and built element by element (no `innerHTML`);
 * nothing when nothing is left. The `html` block and the `html` text variant both show HTML this way.
 */
export function SanitizedHtml({ html, className }: { html: unknown; className?: string }) {
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  if (!nodes.length) return null;
  return <div className={className} data-block="html">{render(nodes)}</div>;
}

/** HTML from `html` (logic, e.g. an organisation's footer), sanitised; nothing when it is empty. */
export function HtmlBlockView({ block }: { block: HtmlBlock }) {
  const styles = useStyles();
  const { logic } = useRuntime();
  const { context } = useStep();
  return <SanitizedHtml html={logic.evaluate(block.html, context)} className={mergeClasses(styles.html, block.variant === 'caption' ? styles.caption : styles.body)} />;
}
