// @vitest-environment happy-dom
/**
 * A server-rendered form starts from what its page holds when the app takes it over (issue 36 item 1): the values
 * a person typed, or a password manager set without any input event, before the app's scripts ran. `readPageValues`
 * reads the controls that differ from what was rendered (their defaults), typed by the schema; `FormStore.adopt`
 * starts the form's state from them (no field blurred: no error shown); and a hydrated form (the chain example,
 * rendered on the "server", then hydrated over that markup) keeps them through the app's later
 * renders and validates them as its own. `postedValues` reads the same form as a browser posts it.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { createWidgetRegistry, FlowRunner, type ValidatorModule } from '../../../runtime/react';
import { loadFormView } from '../../../runtime/react/blocks/FormBlockView';
import { validatorsOf } from '../../../runtime/react/form/validatorCache';
import { FormStore, type FormLogic } from '../../../runtime/react/form/formStore';
import { passwordPaths, postedValues, readPageValues } from '../../../runtime/react/form/pageValues';
import { extensionEffects, extensionWidgets } from '../../../extensions';
import { exampleBundle } from './renderFlow';

afterEach(() => { document.body.innerHTML = ''; });

const SCHEMA: RJSFSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    age: { type: 'integer' },
    agree: { type: 'boolean' },
    size: { type: 'string', enum: ['S', 'M', 'L'] },
    note: { type: 'string' },
    address: { type: 'object', properties: { city: { type: 'string' } } },
    secret: { type: 'string' },
  },
};
const UI = { secret: { 'ui:widget': 'password' } };

/** The server's markup of a form (defaults as rendered: `value`, `checked`, `selected` attributes). */
function serverForm(): HTMLFormElement {
  const form = document.createElement('form');
  form.innerHTML = `
    <input id="f_name" name="f_name" value="">
    <input id="f_age" name="f_age" type="number" value="">
    <input id="f_agree" name="f_agree" type="checkbox">
    <select id="f_size" name="f_size"><option value=""></option><option value="0">S</option><option value="1">M</option><option value="2">L</option></select>
    <textarea id="f_note" name="f_note">as rendered</textarea>
    <input id="f_address_city" name="f_address_city" value="">
    <input id="f_secret" name="f_secret" type="password" value="">`;
  document.body.append(form);
  return form;
}

const control = <T extends Element>(form: HTMLFormElement, id: string) => form.querySelector(`#${id}`) as unknown as T;

describe('readPageValues', () => {
  it('reads nothing from a form nobody touched', () => {
    expect(readPageValues(serverForm(), SCHEMA, UI, 'f')).toEqual({});
  });

  it('reads what a person typed, ticked and chose, and what was filled without events, typed by the schema', () => {
    const form = serverForm();
    control<HTMLInputElement>(form, 'f_name').value = 'Ada';
    control<HTMLInputElement>(form, 'f_age').value = '36';
    control<HTMLInputElement>(form, 'f_agree').checked = true;
    control<HTMLSelectElement>(form, 'f_size').value = '1';
    control<HTMLInputElement>(form, 'f_address_city').value = 'Perth';
    control<HTMLTextAreaElement>(form, 'f_note').value = '';
    expect(readPageValues(form, SCHEMA, UI, 'f')).toEqual({ name: 'Ada', age: 36, agree: true, size: 'M', 'address.city': 'Perth', note: undefined });
  });
});

const logic: FormLogic = {
  errors: (values): Record<string, string> => (values.name ? {} : { name: 'required' }),
  states: () => ({ hidden: new Set<string>(), disabled: new Set<string>() }),
  submitEnabled: (values) => Boolean(values.name),
  contextChanged: () => ({ errors: false, submit: false }),
};

describe('FormStore.adopt', () => {
  it('starts the form\'s state from the page\'s values over what it was rendered with, showing no error, and tells the views', () => {
    const store = new FormStore(logic, { name: '', size: 'S', address: { street: 'Hay St' } });
    let told = 0;
    store.subscribeAdopt(() => { told++; });
    expect(store.isSubmitEnabled()).toBe(false);
    store.adopt({ name: 'Ada', 'address.city': 'Perth', size: undefined });
    expect(store.values).toEqual({ name: 'Ada', address: { street: 'Hay St', city: 'Perth' } });
    expect(told).toBe(1);
    expect(store.isSubmitEnabled()).toBe(true);
    expect(store.view('name').error).toBeUndefined();
    expect(store.submit()).toEqual({});
    // Nothing on the page: nothing changes, nobody is told.
    store.adopt({});
    expect(told).toBe(1);
  });
});

describe('postedValues', () => {
  it('reads a posted form by its controls\' names, typed by the schema (an unticked box is false); passwords are known', () => {
    const posted: [string, string][] = [['f_name', 'Ada'], ['f_age', '36'], ['f_size', '2'], ['f_address_city', 'Perth'], ['f_secret', 'x'], ['other', 'y']];
    expect(postedValues(posted, SCHEMA, UI, 'f')).toEqual({ name: 'Ada', age: 36, agree: false, size: 'L', address: { city: 'Perth' }, secret: 'x' });
    expect(passwordPaths(SCHEMA, UI)).toEqual(['secret']);
  });
});

describe('a hydrated server-rendered form', () => {
  const { bundle, validators } = exampleBundle({ region: 'au' });
  const loadValidators = (): Promise<ValidatorModule> => Promise.resolve(validators);
  const app = () => (
    <FlowRunner bundle={bundle} widgets={createWidgetRegistry(extensionWidgets)} effects={extensionEffects}
      loadValidators={loadValidators} memoryPath="/examples/chain/form" hydrating
      environment={{ host: 'localhost', origin: 'http://localhost' }} preloaded={{ answers: {} }} />
  );

  it('keeps what was typed and filled before the app through its later renders, and validates it as its own', async () => {
    // The form's code loaded first, as the server's render passes have it (a pass renders it once loaded).
    await Promise.all([loadFormView(), validatorsOf(loadValidators, bundle.validators.reassign)]);
    const container = document.createElement('div');
    container.innerHTML = renderToString(app());
    document.body.append(container);
    const first = container.querySelector<HTMLInputElement>('input[autocomplete="given-name"]');
    const last = container.querySelector<HTMLInputElement>('input[autocomplete="family-name"]');
    if (!first || !last) throw new Error(`no server-rendered form: ${container.innerHTML.slice(0, 500)}`);
    // Typed, and filled by a password manager: values only, no events (nothing listens yet).
    first.value = 'Ada';
    last.value = 'Lovelace';
    first.focus();
    first.setSelectionRange(1, 1);

    const errors: unknown[] = [];
    const root = await act(async () => hydrateRoot(container, app(), { onRecoverableError: (e) => errors.push(e) }));
    for (let i = 0; i < 20; i++) await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
    expect(errors).toEqual([]);
    // The same elements, their values, focus and caret as the person left them.
    expect(container.querySelector('input[autocomplete="given-name"]')).toBe(first);
    expect([first.value, last.value]).toEqual(['Ada', 'Lovelace']);
    expect(document.activeElement).toBe(first);
    expect(first.selectionStart).toBe(1);
    // Leaving the fields shows no 'required' error: the form's state holds the page's values.
    await act(async () => { first.blur(); last.focus(); last.blur(); });
    expect(first.getAttribute('aria-invalid')).not.toBe('true');
    expect(last.getAttribute('aria-invalid')).not.toBe('true');
    act(() => root.unmount());
  });
});
