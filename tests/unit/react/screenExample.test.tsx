// @vitest-environment happy-dom
/**
 * flows/_examples/screen.yaml: a screen written short. `edits` reads the record part the step edits (the lookup's
 * restore), `aside` puts its blocks beside the main column, a `lookup` loads suggestions as one types and the picked
 * one's details (against tests/unit/react/testApi.ts's real graphql-yoga endpoint), and a dialog's `body` and
 * `actions` come first and last.
 */
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { serveTestApi } from './testApi';
import { exampleBundle, renderFlow, setText, type Rendered } from './renderFlow';

const { api, uri: graphqlUri } = serveTestApi();
const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string) => bundle.messages[key];
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

it('screen: aside beside the main column, the lookup restored from edits, suggestions and details, a dialog body and actions', async () => {
  view = await renderFlow('/examples/screen/site', { graphqlUri: graphqlUri(), user: { email: 'me@example.com' }, record: { examples: { site: { label: '9 Old Road' } } } });
  const input = await view.waitFor(() => view!.container.querySelector<HTMLInputElement>('input[data-combobox="siteAddress"]'), 'the lookup box');
  // Restored through edits.label: the text counts as picked (no error, no suggestions asked for).
  expect(input.value).toBe('9 Old Road');
  expect(view.container.textContent).not.toContain(t('address.notPicked'));
  const aside = view.container.querySelector('[data-block-id="aside"]') ?? [...view.container.querySelectorAll('*')].find((e) => e.textContent === t('examples.screen.aside'));
  expect(aside).toBeTruthy();
  // The aside comes before the main column in the sidebar group, the lookup inside the main column.
  expect(aside!.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const before = api.suggestionCalls.length;
  await setText(input, 'george');
  await view.waitFor(() => view!.container.textContent?.includes(t('address.notPicked')), 'a typed text not picked shows the error');
  const options = await view.waitFor(() => {
    const found = [...view!.container.querySelectorAll<HTMLElement>('[role="listbox"] [role="option"]')];
    return found.length ? found : null;
  }, 'the suggestions');
  expect(api.suggestionCalls.slice(before).at(-1)).toEqual({ query: 'george', countries: ['AU', 'NZ'] });
  await act(async () => { options[0].dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true })); options[0].click(); });
  // The pick asked addressDetails; onPick opened the dialog: body first, the details, then the actions.
  const dialog = await view.waitFor(() => document.querySelector<HTMLElement>('dialog'), 'the dialog');
  await view.waitFor(() => dialog.textContent?.includes(t('examples.screen.street').replace('{street}', 'George Street')), 'the details');
  const text = dialog.textContent ?? '';
  expect(text.indexOf(t('examples.screen.pickedBody'))).toBeLessThan(text.indexOf('George Street'));
  const close = [...dialog.querySelectorAll('button')].find((b) => b.textContent === t('examples.screen.close'))!;
  // The actions group is the dialog's last block.
  expect(text.endsWith(t('examples.screen.close'))).toBe(true);
  await act(async () => { close.click(); });
  await view.waitFor(() => !document.querySelector('dialog'), 'the dialog closed');
});
