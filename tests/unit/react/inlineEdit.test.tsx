// @vitest-environment happy-dom
/**
 * flows/_examples/inlineEdit.yaml: the inline edit block. The pencil opens a box (radios with `options`), the tick checks
 * the value by the form schema's property (normalised first, the schema's message on a failure) and raises the event
 * with the normalised value, the cross forgets what was typed; `editableWhen` hides the pencil; `save` is written out by
 * the loader as the event `<id>Saved` saving the value; a refusal by the server keeps the box open with what was typed
 * and shows the refusal there, not in the error dialog.
 */
import { act } from 'react';
import { afterEach, expect, it } from 'vitest';
import { exampleBundle, renderFlow, setText, type Rendered } from './renderFlow';
import { serveTestApi } from './testApi';

const { api, uri: graphqlUri } = serveTestApi();
const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string) => bundle.messages[key];
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

const inside = (id: string) => view!.container.querySelector<HTMLElement>(`[data-inline-edit="${id}"]`);
const action = (id: string, name: string) => inside(id)?.querySelector<HTMLButtonElement>(`[data-inline-action="${name}"]`);
const click = async (button: HTMLElement | null | undefined) => { await act(async () => { button!.click(); }); };

it('inline edit: a value refused by its schema property stays in the box with the message; one that passes is raised normalised', async () => {
  view = await renderFlow('/examples/inline-edit/contact');
  const shown = await view.waitFor(() => view!.container.querySelector('[data-inline-value="phone"]'), 'the phone');
  expect(shown.textContent).toBe('0412 345 678');
  expect(action('phone', 'edit')!.getAttribute('aria-label')).toBe(t('examples.inlineEdit.edit'));
  await click(action('phone', 'edit'));
  const box = await view.waitFor(() => inside('phone')?.querySelector('input'), 'the box');
  expect(box.value).toBe('0412345678');
  // Nine digits (spaces do not count): refused with the schema's exact-length message; nothing raised.
  await setText(box, '0412 345 67');
  await click(action('phone', 'save'));
  const refused = t('validation.exactLength').replace('{n}', '10');
  await view.waitFor(() => inside('phone')?.textContent?.includes(refused), 'the exact-length message');
  // The cross forgets it.
  await click(action('phone', 'cancel'));
  expect(view.container.querySelector('[data-inline-value="phone"]')!.textContent).toBe('0412 345 678');
  // Ten digits typed with spaces: raised without them (phoneEdited sets the state the value reads).
  await click(action('phone', 'edit'));
  await setText(inside('phone')!.querySelector('input')!, '0499 888 777');
  await click(action('phone', 'save'));
  await view.waitFor(() => view!.container.querySelector('[data-inline-value="phone"]')?.textContent === '0499 888 777', 'the saved phone');
});

it('inline edit: options as radios, the chosen label shown; editableWhen hides the pencil', async () => {
  view = await renderFlow('/examples/inline-edit/contact');
  await view.waitFor(() => view!.container.querySelector('[data-inline-value="size"]')?.textContent === t('examples.inlineEdit.small'), 'the size label');
  expect(action('website', 'edit')).toBeTruthy();
  await click(action('size', 'edit'));
  const large = await view.waitFor(() => inside('size')?.querySelector<HTMLInputElement>('input[type="radio"][value="large"]'), 'the radios');
  await act(async () => { large.click(); });
  await click(action('size', 'save'));
  await view.waitFor(() => view!.container.querySelector('[data-inline-value="size"]')?.textContent === t('examples.inlineEdit.large'), 'large chosen');
  expect(action('website', 'edit')).toBeFalsy();
});

it('inline edit: save is written out as the event <id>Saved saving the value', () => {
  const step = bundle.flows.exampleInlineEdit.steps.contact;
  const block = step.blocks!.find((b) => b.id === 'website');
  expect(block).toMatchObject({ type: 'inlineEdit', event: 'websiteSaved' });
  expect(block).not.toHaveProperty('save');
  expect(step.on!.websiteSaved).toEqual({ effects: [{ save: 'scoreboard.businessDetails.entityDetails.businessWebsite', value: { var: 'event.value' } }] });
});

it('inline edit: the server refuses the save: the box stays open with what was typed and the refusal, no error dialog', async () => {
  view = await renderFlow('/examples/inline-edit/contact', { graphqlUri: graphqlUri() });
  await view.waitFor(() => view!.container.querySelector('[data-inline-value="email"]')?.textContent === 'ana@example.com', 'the e-mail');
  await click(action('email', 'edit'));
  await setText(inside('email')!.querySelector('input')!, 'fail.inline@example.com');
  await click(action('email', 'save'));
  await view.waitFor(() => inside('email')?.textContent?.includes('refused by the test API: fail.inline@example.com'), 'the refusal in the box');
  expect(inside('email')!.querySelector('input')!.value).toBe('fail.inline@example.com');
  expect(inside('email')!.querySelector('[data-inline-value]')).toBeNull();
  expect(document.querySelector('dialog[open]')).toBeNull();
  expect(api.reassignCalls.map((c) => c.email)).toEqual(['fail.inline@example.com']);
  // Corrected in the same box: saved, the box closes and the refusal is gone.
  await setText(inside('email')!.querySelector('input')!, 'ana.ngata@example.com');
  await click(action('email', 'save'));
  await view.waitFor(() => view!.container.querySelector('[data-inline-value="email"]')?.textContent === 'ana.ngata@example.com', 'the saved e-mail');
  expect(inside('email')!.textContent).not.toContain('refused');
  expect(document.querySelector('dialog[open]')).toBeNull();
});
