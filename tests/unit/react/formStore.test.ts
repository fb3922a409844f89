import { describe, expect, it } from 'vitest';
import { FormStore, type FormLogic } from '../../../runtime/react/form/formStore';
import { createLogic } from '../../../runtime/core/logic';

const logic: FormLogic = {
  errors: (values): Record<string, string> => (values.name ? {} : { name: 'required' }),
  states: (values) => ({ hidden: new Set(values.hide ? ['name'] : []), disabled: new Set<string>() }),
  submitEnabled: (values) => Boolean(values.name),
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
