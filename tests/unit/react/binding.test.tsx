// @vitest-environment happy-dom
/**
 * flows/_examples/binding.yaml: submitting calls a GraphQL binding through Apollo Client against
 * a real graphql-yoga server (the server's SDL), writes the result into the record and shows it.
 */
import { act } from 'react';
import { expect, it } from 'vitest';
import { serveTestApi } from './testApi';
import { byLabel, exampleBundle, renderFlow, typeInto } from './renderFlow';

const { api, uri: graphqlUri } = serveTestApi();

it('binding: a call effect runs through Apollo and its result lands in the record', async () => {
  const { bundle } = exampleBundle({ region: 'nz' });
  const t = (key: string) => bundle.messages[key];
  const view = await renderFlow('/examples/binding/form', { selection: { region: 'nz' }, graphqlUri: graphqlUri(), user: { email: 'me@example.com' } });
  const values = { firstName: 'Ana', lastName: 'Ngata', email: 'ana@example.com', phone: '021234567' };
  for (const [name, value] of Object.entries(values)) {
    const input = await view.waitFor(() => byLabel(view.container, t(`reassign.${name}`)), name);
    await typeInto(input, value);
  }
  const send = await view.waitFor(() => [...view.container.querySelectorAll('button')].find((b) => b.textContent === t('reassign.send') && !b.disabled), 'enabled Send');
  await act(async () => { send.closest('form')?.requestSubmit(); });
  const sent = t('examples.binding.sent').replace('{record.examples.sent.message}', 'OK');
  await view.waitFor(() => view.container.textContent?.includes(sent), 'the result text');
  expect(api.reassignCalls).toEqual([values]);
  view.unmount();
});

it("flows/_examples/loadThen.yaml: a load's `then` event follows its answer and reads it (an item past the end goes to the last)", async () => {
  const { bundle } = exampleBundle({ region: 'nz' });
  const loaded = (item: number) => bundle.messages['examples.loadThen.item'].replace('{state.item}', String(item)).replace('{count}', '3');
  for (const [asked, shown] of [[9, 3], [2, 2]]) {
    const view = await renderFlow(`/examples/load-then/list?item=${asked}`, { selection: { region: 'nz' }, graphqlUri: graphqlUri() });
    await view.waitFor(() => view.container.textContent?.includes(loaded(shown)), `item ${shown} of 3 for ?item=${asked}`);
    view.unmount();
  }
});
