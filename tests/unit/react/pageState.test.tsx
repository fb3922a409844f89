// @vitest-environment happy-dom
/**
 * flows/_examples/pageState.yaml rendered by the runtime (happy-dom): query-string state read and
 * written, a bound choice writing local storage, a list block, and the `enter` event.
 */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { exampleBundle, renderFlow, type Rendered } from './renderFlow';

const AU = exampleBundle({ region: 'au' }).bundle;
const t = (key: string, vars: Record<string, string>) => AU.messages[key].replace(/\{([\w.]+)\}/g, (_, k: string) => vars[k]);
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; localStorage.clear(); });

const text = (root: HTMLElement) => root.textContent ?? '';
const button = (root: HTMLElement, label: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === label);
/** A choice's toggle (a check box drawn as a button) by its label. */
const toggle = (root: HTMLElement, label: string) => [...root.querySelectorAll('label')].find((l) => l.textContent === label)?.querySelector('input') ?? undefined;

describe('page state (flows/_examples/pageState.yaml)', () => {
  it('reads the query, writes it on an event, binds a choice to local storage and lists the picks', async () => {
    view = await renderFlow('/examples/page-state/list?page=2&tags=a%2Cb');
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.page', { 'state.page': '2', count: '2' })), 'page 2 of 2 tags');
    await view.waitFor(() => text(view!.container).includes(AU.messages['examples.pageState.opened']), 'the enter event');
    await act(async () => { button(view!.container, AU.messages['examples.pageState.next'])!.click(); });
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.page', { 'state.page': '3', count: '2' })), 'page 3 after the event');

    // The choice's toggles: check boxes drawn as buttons (a native control keeps a click made before the app).
    const y = await view.waitFor(() => toggle(view!.container, AU.messages['examples.pageState.y']), 'the choice toggles');
    await act(async () => { y.click(); });
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.item', { item: 'y' })), 'the picked item listed');
    expect(JSON.parse(localStorage.getItem('examples.picked') ?? 'null')).toEqual(['y']);
    await act(async () => { toggle(view!.container, AU.messages['examples.pageState.x'])!.click(); });
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.item', { item: 'x' })), 'both picks listed');
    expect(JSON.parse(localStorage.getItem('examples.picked') ?? 'null')).toEqual(['x', 'y']);
  });

  it('two events raised before a re-render both land: the second starts from what the first wrote', async () => {
    view = await renderFlow('/examples/page-state/list');
    const next = await view.waitFor(() => button(view!.container, AU.messages['examples.pageState.next']), 'the Next page button');
    await view.waitFor(() => text(view!.container).includes(AU.messages['examples.pageState.opened']), 'the enter event');
    // Both clicks in one tick: the second event's handler is the first render's.
    await act(async () => { next.click(); next.click(); });
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.page', { 'state.page': '3', count: '0' })), 'page 3 after two events');
    // A local (stored) value: each click appends the count so far; two in one tick give 0 then 1.
    const add = button(view.container, AU.messages['examples.pageState.addCount'])!;
    await act(async () => { add.click(); add.click(); });
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.item', { item: '1' })), 'the second append listed');
    expect(JSON.parse(localStorage.getItem('examples.picked') ?? 'null')).toEqual([0, 1]);
  });

  it('keeps local state across a remount (a reload)', async () => {
    localStorage.setItem('examples.picked', JSON.stringify(['x']));
    view = await renderFlow('/examples/page-state/list');
    await view.waitFor(() => text(view!.container).includes(t('examples.pageState.item', { item: 'x' })), 'the stored pick');
    expect(text(view.container)).toContain(t('examples.pageState.page', { 'state.page': '1', count: '0' }));
  });
});
