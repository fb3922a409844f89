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

/** HTML from `html` (logic), sanitised to the allow-list of runtime/core/html; nothing when it is empty. */
export function HtmlBlockView({ block }: { block: HtmlBlock }) {
  const styles = useStyles();
  const { logic } = useRuntime();
  const { context } = useStep();
  const html = logic.evaluate(block.html, context);
  const nodes = useMemo(() => sanitizeHtml(html), [html]);
  if (!nodes.length) return null;
  return <div className={mergeClasses(styles.html, block.variant === 'caption' ? styles.caption : styles.body)} data-block="html">{render(nodes)}</div>;
}
