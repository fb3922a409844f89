// @vitest-environment happy-dom
/**
 * flows/_examples/input.yaml: the `input` block writes page state on every keystroke and raises its event; a
 * button that empties the state empties the box. The `progress` block's `flow` shows another flow's tracker from
 * that flow's status in the record. Texts are read from the example bundle.
 */
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { loadDefinitions } from '../../../runtime/core/load';
import { metaFiles } from '../core/fixtures';
import { exampleBundle, renderFlow, type Rendered } from './renderFlow';

const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string) => bundle.messages[key];
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

/** Types like a person: the native setter, then an input event per keystroke (the box keeps the focus). */
async function typeKeys(input: HTMLInputElement, text: string) {
  input.focus();
  for (let i = 1; i <= text.length; i++) {
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text.slice(0, i));
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

it('input: each keystroke writes the bound state and raises its event; emptying the state empties the box', async () => {
  view = await renderFlow('/examples/input/search', { record: { status: 'second' } });
  const input = await view.waitFor(() => view!.container.querySelector<HTMLInputElement>('input[data-input="query"]'), 'the box');
  const label = view.container.querySelector(`label[for="${input.id}"]`);
  expect(label?.textContent).toBe(t('examples.input.label'));
  expect(input.placeholder).toBe(t('examples.input.placeholder'));
  expect(view.container.textContent).toContain(t('examples.input.hint'));
  await typeKeys(input, 'acme');
  const echo = (q: string, n: number) => t('examples.input.echo').replace('{state.query}', q).replace('{changes}', String(n));
  await view.waitFor(() => view!.container.textContent?.includes(echo('acme', 4)), 'the state after four keystrokes');
  expect(input.value).toBe('acme');
  const clear = [...view.container.querySelectorAll('button')].find((b) => b.textContent === t('examples.input.clear'))!;
  await act(async () => { input.blur(); clear.click(); });
  await view.waitFor(() => view!.container.textContent?.includes(echo('', 4)), 'the emptied state');
  expect(input.value).toBe('');
});

it("progress: `flow` shows that flow's tracker, its rows' states from that flow's status", async () => {
  view = await renderFlow('/examples/input/search', { record: { status: 'second' } });
  const rows = await view.waitFor(() => {
    const items = [...view!.container.querySelectorAll('[data-tracker="main"] li')] as HTMLElement[];
    return items.length ? items : null;
  }, 'the tracker');
  expect(rows.map((r) => [r.textContent?.startsWith(t('examples.progress.first')) || r.textContent?.startsWith(t('examples.progress.second')) || r.textContent?.startsWith(t('examples.progress.third')), r.dataset.state]))
    .toEqual([[true, 'completed'], [true, 'progress'], [true, 'pending']]);
});

it('lint: a progress block naming an unknown flow, or a tracker that flow lacks, is reported at the block', () => {
  const files = (block: Record<string, unknown>) => ({
    ...metaFiles(),
    'fleetform.yaml': 'layers: [{ name: base, file: flows/_base.yaml }]\n',
    'flows/_base.yaml': 'id: base\nmessages: { a: A }\n',
    'flows/one.yaml': 'id: one\nbasePath: /one\ninitial: s\nstatus: { field: status, order: [x] }\nsteps: { s: { status: x } }\nprogress: { main: { rows: [{ id: r, label: a, status: x }] } }\n',
    'flows/two.yaml': `id: two\nbasePath: /two\ninitial: s\nsteps: { s: { blocks: [${JSON.stringify(block)}] } }\n`,
  });
  const messages = (block: Record<string, unknown>) => loadDefinitions(files(block)).errors.map((e) => e.message);
  expect(messages({ type: 'progress', flow: 'one', tracker: 'main' })).toEqual([]);
  expect(messages({ type: 'progress', flow: 'onne', tracker: 'main' })).toEqual([expect.stringContaining("unknown flow 'onne'")]);
  expect(messages({ type: 'progress', flow: 'one', tracker: 'mian' })).toEqual([expect.stringContaining("unknown progress tracker 'mian' of flow 'one'")]);
  expect(messages({ type: 'progress', tracker: 'main' })).toEqual([expect.stringContaining("unknown progress tracker 'main'")]);
});
