import { describe, expect, it } from 'vitest';
import { FormStore, type FormLogic } from '../../../runtime/react/form/formStore';
import { createLogic } from '../../../runtime/core/logic';

const logic: FormLogic = {
  errors: (values): Record<string, string> => (values.name ? {} : { name: 'required' }),
  states: (values) => ({ hidden: new Set(values.hide ? ['name'] : []), disabled: new Set<string>() }),
  submitEnabled: (values) => Boolean(values.name),
  contextChanged: () => ({ errors: false, submit: false }),
};

describe('FormStore', () => {
  it('shows a field error only after its first blur, then live', () => {
    const store = new FormStore(logic, {});
    expect(store.view('name').error).toBeUndefined();
    store.blur('name');
    expect(store.view('name').error).toBe('required');
    store.setValues({ name: 'x' }, 'name');
    expect(store.view('name').error).toBeUndefined();
    store.setValues({ name: '' }, 'name');
    expect(store.view('name').error).toBe('required');
  });

  it("shows a rule's field on blur of the field it depends on (shownOnBlurOf: a card checked on blur of its state)", () => {
    const card: FormLogic = {
      ...logic,
      errors: (values): Record<string, string> => (values.card === 'ok' ? {} : { card: 'invalid card number' }),
      shownOnBlurOf: (path) => (path === 'state' ? ['card'] : []),
    };
    const store = new FormStore(card, { card: 'AB12' });
    store.blur('other');
    expect(store.view('card').error).toBeUndefined();
    store.blur('state');
    expect(store.view('card').error).toBe('invalid card number');
  });

  it('shows every error on submit, except hidden fields', () => {
    const store = new FormStore(logic, {});
    expect(store.submit()).toEqual({ name: 'required' });
    expect(store.view('name').error).toBe('required');
    store.setValues({ hide: true }, 'hide');
    expect(store.view('name').hidden).toBe(true);
    expect(store.submit()).toEqual({});
  });

  it('validates nothing until an error can show (mount and typing before any blur are free)', () => {
    let runs = 0;
    const counting: FormLogic = { ...logic, errors: (values) => { runs++; return logic.errors(values); } };
    const store = new FormStore(counting, {});
    store.setValues({ name: 'x' }, 'name');
    expect(runs).toBe(0);
    store.blur('name');
    expect(runs).toBe(1);
    store.setValues({ name: '' }, 'name');
    expect(runs).toBe(2);
    expect(store.view('name').error).toBe('required');
  });

  it('wakes only the fields whose view changed', () => {
    const store = new FormStore(logic, { name: 'a' });
    const woken: string[] = [];
    store.subscribeField('name', () => woken.push('name'));
    store.subscribeField('other', () => woken.push('other'));
    store.setValues({ name: 'a', hide: true }, 'hide');
    expect(woken).toEqual(['name']);
  });

  it('keeps a field view identical while nothing about it changes (no re-render)', () => {
    const store = new FormStore(logic, { name: 'a' });
    store.blur('name');
    const before = store.view('name');
    store.setValues({ name: 'ab' }, 'name');
    expect(store.view('name')).toBe(before);
    expect(store.isSubmitEnabled()).toBe(true);
  });

  it('gives submitEnabled the errors the form shows now (after blur, on submit; hidden left out)', () => {
    const seen: Record<string, string>[] = [];
    const gated: FormLogic = {
      ...logic,
      submitEnabled: (_values, shown) => { seen.push(shown); return Object.keys(shown).length === 0; },
    };
    const store = new FormStore(gated, {});
    expect(store.isSubmitEnabled()).toBe(true);
    store.blur('name');
    expect(seen.at(-1)).toEqual({ name: 'required' });
    expect(store.isSubmitEnabled()).toBe(false);
    store.setValues({ name: 'x' }, 'name');
    expect(store.isSubmitEnabled()).toBe(true);
    store.setValues({ name: '', hide: true }, 'hide');
    expect(store.isSubmitEnabled()).toBe(true);
    const fresh = new FormStore(gated, {});
    fresh.submit();
    expect(fresh.isSubmitEnabled()).toBe(false);
  });
});

describe('createFormLogic submitEnabledWhen', () => {
  it('reads formErrors (field path -> shown message) next to form', async () => {
    const { createFormLogic } = await import('../../../runtime/react/form/formLogic');
    const validate = Object.assign(() => true, { errors: null });
    const form = createFormLogic({
      block: { type: 'form', schema: 's', submitEnabledWhen: { and: [{ var: 'form.name' }, { '!': { var: 'formErrors.name' } }] } },
      schema: { type: 'object', properties: { name: { type: 'string' } } }, uiSchema: {}, validate,
      messages: {}, formats: {}, context: () => ({}), logic: createLogic(),
    });
    expect(form.submitEnabled({ name: 'a' }, {})).toBe(true);
    expect(form.submitEnabled({ name: 'a' }, { name: 'too short' })).toBe(false);
    expect(form.submitEnabled({}, {})).toBe(false);
  });
});

describe('a form over a changing step context', () => {
  const validate = Object.assign(() => true, { errors: null });
  async function formOver(context: { current: Record<string, unknown> }) {
    const { createFormLogic } = await import('../../../runtime/react/form/formLogic');
    return createFormLogic({
      block: {
        type: 'form', schema: 's', submitEnabledWhen: { var: 'state.addressPicked' },
        rules: [{ field: 'name', when: { '==': [{ var: 'form.name' }, { var: 'record.taken' }] }, message: 'taken' }],
      },
      schema: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string' } } },
      uiSchema: { note: { 'ui:visibleWhen': { var: 'record.notes' } } }, validate,
      messages: { taken: 'That name is taken' }, formats: {}, context: () => context.current, logic: createLogic(),
    });
  }

  it('evaluates the submit condition, the field rules and the error rules again where the context changed', async () => {
    const context = { current: { state: {}, record: { notes: false, taken: 'a' } } as Record<string, unknown> };
    const store = new FormStore(await formOver(context), { name: 'b' });
    store.blur('name');
    expect(store.isSubmitEnabled()).toBe(false);
    expect(store.view('note').hidden).toBe(true);
    // Page state another block (or the step's enter) wrote after the form was made.
    context.current = { ...context.current, state: { addressPicked: true } };
    store.contextChanged(['state']);
    expect(store.isSubmitEnabled()).toBe(true);
    // The record: a field's rule and an error rule read it.
    context.current = { ...context.current, record: { notes: true, taken: 'b' } };
    store.contextChanged(['record']);
    expect(store.view('note').hidden).toBe(false);
    expect(store.view('name').error).toBe('That name is taken');
  });

  it('wakes nobody when nothing reads where the context changed', async () => {
    const context = { current: { state: {}, record: {}, url: { search: '' } } as Record<string, unknown> };
    const store = new FormStore(await formOver(context), {});
    let woken = 0;
    store.subscribe(() => woken++);
    context.current = { ...context.current, url: { search: '?a=1' } };
    store.contextChanged(['url']);
    store.contextChanged([]);
    expect(woken).toBe(0);
    store.contextChanged(['state']);
    expect(woken).toBe(1);
  });
});
