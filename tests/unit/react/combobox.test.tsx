// @vitest-environment happy-dom
/**
 * flows/_examples/autocomplete.yaml: the `combobox` block against a real graphql-yoga endpoint over the server's SDL
 * (tests/unit/react/testApi.ts answers addressSuggestions and addressDetails). Typing loads options (debounced,
 * the countries of settings.address); the ARIA combobox pattern (role, aria-expanded, aria-controls,
 * aria-activedescendant, aria-selected); arrows, Enter and Escape; a pick raises the event whose call sets the
 * parts; typing after a pick empties it (the box's error shows); a pasted text of several words picks the first
 * option after settings.address.autoPickAfterMs, a pasted single word does not.
 */
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { serveTestApi } from './testApi';
import { exampleBundle, renderFlow, WAIT_MS, type Rendered } from './renderFlow';

const { api, uri: graphqlUri } = serveTestApi();
const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string) => bundle.messages[key];
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

const settings = bundle.settings.address as { countries: string[]; autoPickAfterMs: number; minLength: number };

async function start() {
  view = await renderFlow('/examples/autocomplete/pick', { graphqlUri: graphqlUri(), user: { email: 'me@example.com' } });
  return view.waitFor(() => view!.container.querySelector<HTMLInputElement>('input[data-combobox="address"]'), 'the box');
}
/** Sets the box's text as React sees it (native setter + input event), keeping the focus; `paste` sends a paste event first. */
async function setText(input: HTMLInputElement, text: string, paste = false) {
  input.focus();
  await act(async () => {
    if (paste) input.dispatchEvent(new Event('paste', { bubbles: true }));
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
async function key(input: HTMLInputElement, k: string) {
  await act(async () => { input.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true })); });
}
const options = () => [...view!.container.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
const parts = (a: Record<string, string>) => t('examples.autocomplete.parts').replace(/\{(\w+)\}/g, (_, k: string) => a[k]);

it('combobox: options load as one types; arrows, Enter and Escape follow the ARIA combobox pattern; a pick sets the parts', async () => {
  expect(settings).toMatchObject({ countries: ['AU', 'NZ'], autoPickAfterMs: 1000, minLength: 3 });
  const input = await start();
  expect(input.getAttribute('role')).toBe('combobox');
  expect(input.getAttribute('aria-autocomplete')).toBe('list');
  expect(input.getAttribute('aria-expanded')).toBe('false');
  expect(input.placeholder).toBe(t('address.placeholder'));
  await setText(input, 'george');
  const listed = await view!.waitFor(() => (options().length === 3 ? options() : null), 'three options (the US one left out)');
  expect(listed.map((o) => o.textContent)).toEqual(['1 George Street, Sydney NSW 2000', '15 George Street, Sydney NSW 2000', '60 George Street, Dunedin Central, Otago 9016']);
  expect(api.suggestionCalls.at(-1)).toEqual({ query: 'george', countries: ['AU', 'NZ'] });
  expect(input.getAttribute('aria-expanded')).toBe('true');
  const list = view!.container.querySelector('[role="listbox"]')!;
  expect(input.getAttribute('aria-controls')).toBe(list.id);
  expect(list.getAttribute('aria-label')).toBe(t('examples.autocomplete.label'));
  expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  // Down, Down, Up, Up wraps to the last; Down goes back to the first.
  const activeText = () => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')?.textContent;
  await key(input, 'ArrowDown');
  expect(activeText()).toBe(listed[0].textContent);
  await key(input, 'ArrowDown');
  expect(activeText()).toBe(listed[1].textContent);
  expect(options().map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true', 'false']);
  await key(input, 'ArrowUp');
  await key(input, 'ArrowUp');
  expect(activeText()).toBe(listed[2].textContent);
  // Escape closes the list (the text stays); Down opens it again at the first option.
  await key(input, 'Escape');
  expect(input.getAttribute('aria-expanded')).toBe('false');
  expect(view!.container.querySelector('[role="listbox"]')).toBeNull();
  expect(input.value).toBe('george');
  await key(input, 'ArrowDown');
  expect(activeText()).toBe(listed[0].textContent);
  await key(input, 'ArrowDown');
  await key(input, 'Enter');
  expect(input.value).toBe('15 George Street, Sydney NSW 2000');
  expect(input.getAttribute('aria-expanded')).toBe('false');
  await view!.waitFor(() => view!.container.textContent?.includes(parts({ streetNo: '15', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', countryCode: 'AU' })), 'the parts from addressDetails');
  // 'Use this address' with a picked option shows no error.
  const use = [...view!.container.querySelectorAll('button')].find((b) => b.textContent === t('examples.autocomplete.use'))!;
  await act(async () => { use.click(); });
  expect(view!.container.textContent).not.toContain(t('address.notPicked'));
  // Typing after the pick empties it: the parts go and the box shows its error.
  await setText(input, '15 George Street, Sydney NSW 200');
  await view!.waitFor(() => view!.container.textContent?.includes(t('address.notPicked')), 'the error of a text that was not picked');
  expect(view!.container.textContent).not.toContain(parts({ streetNo: '15', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', countryCode: 'AU' }));
  expect(input.getAttribute('aria-invalid')).toBe('true');
  // A click picks too.
  await setText(input, 'smith');
  const [smith] = await view!.waitFor(() => (options().length === 1 ? options() : null), 'the Smith Street option');
  await act(async () => { smith.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true })); smith.click(); });
  expect(input.value).toBe('Unit 4, 12 Smith Street, Fitzroy VIC 3065');
  await view!.waitFor(() => !view!.container.textContent?.includes(t('address.notPicked')), 'the error gone');
});

it('combobox: a pasted address of several words picks the first option after autoPickAfterMs, a pasted single word does not', async () => {
  const input = await start();
  const pastedAt = Date.now();
  await setText(input, 'George Street Sydney', true);
  await view!.waitFor(() => (options().length === 2 ? options() : null), 'the options of the pasted text');
  // Options are there but the delay has not passed: nothing picked yet.
  expect(Date.now() - pastedAt).toBeLessThan(settings.autoPickAfterMs);
  expect(input.value).toBe('George Street Sydney');
  const deadline = Date.now() + WAIT_MS;
  while (input.value !== '1 George Street, Sydney NSW 2000' && Date.now() < deadline) await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
  expect(input.value).toBe('1 George Street, Sydney NSW 2000');
  expect(Date.now() - pastedAt).toBeGreaterThanOrEqual(settings.autoPickAfterMs);
  await view!.waitFor(() => view!.container.textContent?.includes(parts({ streetNo: '1', streetName: 'George Street', suburb: 'Sydney', state: 'NSW', postCode: '2000', countryCode: 'AU' })), 'the parts of the first option');

  // One pasted word: the options show, nothing is picked.
  await setText(input, 'smith', true);
  await view!.waitFor(() => (options().length === 1 ? options() : null), 'the Smith Street option');
  await act(async () => { await new Promise((r) => setTimeout(r, settings.autoPickAfterMs + 300)); });
  expect(input.value).toBe('smith');
  expect(input.getAttribute('aria-expanded')).toBe('true');
});
