// @vitest-environment happy-dom
/**
 * flows/_examples/chain.yaml rendered: an event's call result comes back to the core, whose `then`
 * event guards on it (a real graphql-yoga server over the server's SDL answers); a failed call
 * opens the global error dialog and Try Again sends again.
 */
import { act } from 'react';
import { expect, it } from 'vitest';
import { serveTestApi } from './testApi';
import { byLabel, exampleBundle, renderFlow, typeInto } from './renderFlow';

const { api, uri: graphqlUri } = serveTestApi();

it('chain: call -> result -> then -> guard on the result; a failed call -> error dialog -> Try Again', async () => {
  const { bundle } = exampleBundle({ region: 'nz' });
  const t = (key: string) => bundle.messages[key];
  const view = await renderFlow('/examples/chain/form', { selection: { region: 'nz' }, graphqlUri: graphqlUri() });
  const has = (text: string) => view.container.textContent?.includes(text);
  const fill = async (email: string) => {
    for (const [name, value] of Object.entries({ firstName: 'Ana', lastName: 'Ngata', email, phone: '021234567' })) {
      await typeInto(await view.waitFor(() => byLabel(view.container, t(`reassign.${name}`)), name), value);
    }
  };
  const tryAgainButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent === t('runtime.error.tryAgain'));
  const send = async () => {
    const button = await view.waitFor(() => [...view.container.querySelectorAll('button')].find((b) => b.textContent === t('reassign.send') && !b.disabled), 'enabled Send');
    await act(async () => { button.closest('form')?.requestSubmit(); });
  };

  // An answer the guard refuses: the step stays and shows the answer's message.
  await fill('busy@example.com');
  await send();
  await view.waitFor(() => has(t('examples.chain.refused').replace('{state.answer.message}', 'Busy')), 'the refused answer');
  expect(view.container.querySelector('[data-step]')?.getAttribute('data-step')).toBe('form');

  // A failing call: the global error dialog; Try Again sends the same call again.
  await fill('fail@example.com');
  await send();
  const retry = await view.waitFor(tryAgainButton, 'the error dialog');
  expect(document.body.textContent).toContain(t('runtime.error.title'));
  expect(api.reassignCalls.map((c) => c.email)).toEqual(['busy@example.com', 'fail@example.com']);
  await act(async () => { retry.click(); });
  await view.waitFor(() => api.reassignCalls.length === 3, 'the call sent again');
  expect(api.reassignCalls[2].email).toBe('fail@example.com');
  await view.waitFor(tryAgainButton, 'the error dialog again');
  expect(view.container.querySelector('[data-step]')?.getAttribute('data-step')).toBe('form');

  // A success: the chained event's guard holds and the step moves, showing the result.
  // Escape where a person presses it: in the dialog, once it has taken the focus (on a loaded machine that is later
  // than the dialog showing; pressed before, the key went to the form and the dialog stayed).
  const focused = await view.waitFor(() => (tryAgainButton()?.parentElement?.contains(document.activeElement) ? document.activeElement : null), 'the focus on the error dialog\'s buttons');
  await act(async () => { focused.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })); });
  await view.waitFor(() => !tryAgainButton(), 'the dialog closed');
  await fill('ana@example.com');
  await send();
  await view.waitFor(() => has(t('examples.chain.done').replace('{state.answer.message}', 'OK')), 'the done step');
  expect(view.container.querySelector('[data-step]')?.getAttribute('data-step')).toBe('done');
  view.unmount();
});
