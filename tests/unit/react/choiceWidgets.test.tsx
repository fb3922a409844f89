// @vitest-environment happy-dom
/**
 * The theme's choice widgets load in their own chunk, only for a form that may draw one
 * (theme/choiceWidgetsNeeded.ts), and such a form shows with them (no field appearing after the rest).
 * The rendering tests run first, in order: the chunk is not loaded before them in this file.
 */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBundle, loadDefinitionsFromDir, loadSdl } from '../../../runtime/node';
import { BUILT_IN_FIELD_WIDGETS } from '../../../runtime/core/lint';
import { CHOICE_WIDGET_NAMES, formNeedsChoiceWidgets } from '../../../runtime/react/theme/choiceWidgetsNeeded';
import { loadChoiceWidgets } from '../../../runtime/react/theme/loadChoiceWidgets';
import { byLabel, exampleBundle, renderFlow, type Rendered } from './renderFlow';

const AU = exampleBundle({ region: 'au' }).bundle;
let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

describe('choice widgets chunk', () => {
  it('a form of text fields shows without fetching it', async () => {
    view = await renderFlow('/examples/mapping/edit');
    await view.waitFor(() => byLabel(view!.container, AU.messages['examples.mapping.firstName']), 'the form');
    expect(loadChoiceWidgets.loaded()).toBeUndefined();
  });

  it('a form with a select fetches it with its code and shows with the select in place', async () => {
    const container = document.body;
    let formWithoutSelect = false;
    const observer = new MutationObserver(() => {
      if (container.querySelector('form') && !container.querySelector('form select')) formWithoutSelect = true;
    });
    observer.observe(container, { childList: true, subtree: true });
    try {
      view = await renderFlow('/examples/visibility/form');
      await view.waitFor(() => view!.container.querySelector('form select'), 'the select');
    } finally {
      observer.disconnect();
    }
    expect(formWithoutSelect).toBe(false);
    expect(loadChoiceWidgets.loaded()).toBeDefined();
  });
});

describe('formNeedsChoiceWidgets', () => {
  const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const text = { type: 'string', maxLength: 40 };

  it('text-like fields need none, whatever their names', () => {
    expect(formNeedsChoiceWidgets(object({ email: { ...text, format: 'email' }, items: text, enum: text, type: text }), {
      'ui:order': ['email'], email: { 'ui:widget': 'email' }, items: { 'ui:widget': 'password' }, enum: { 'ui:widget': 'hidden' },
    })).toBe(false);
    expect(formNeedsChoiceWidgets(object({ n: { type: 'number', default: { enum: [1] }, examples: [true] } }), undefined)).toBe(false);
    // A named format prepared into patterns (prepareSchema's allOf) and nested objects.
    expect(formNeedsChoiceWidgets(object({ a: object({ b: { ...text, pattern: 'x', allOf: [{ pattern: 'y' }] } }) }), { a: { b: { 'ui:widget': 'tel' } } })).toBe(false);
  });

  it('an enum, alternatives, a boolean or an array anywhere need them', () => {
    const deep = (field: unknown) => object({ outer: object({ inner: field }) });
    for (const field of [
      { type: 'string', enum: ['a', 'b'] },
      { type: 'string', oneOf: [{ const: 'a' }, { const: 'b' }] },
      { anyOf: [{ const: 1 }, { const: 2 }] },
      { type: 'boolean' },
      { type: ['boolean', 'null'] },
      { type: 'array', items: text },
      { items: text },
      { $ref: 'other.json#/definitions/x' },
    ]) expect(formNeedsChoiceWidgets(deep(field), {}), JSON.stringify(field)).toBe(true);
    // Inside definitions or a condition too.
    expect(formNeedsChoiceWidgets({ ...object({ a: { $ref: '#/definitions/yes' } }), definitions: { yes: { type: 'boolean' } } }, {})).toBe(true);
    expect(formNeedsChoiceWidgets({ ...object({ a: text }), if: object({ a: { const: 'x' } }), then: object({ b: { enum: [1] } }) }, {})).toBe(true);
  });

  it('a ui:widget naming one of them, or one it does not know, anywhere in the uiSchema needs them', () => {
    const schema = object({ a: object({ b: text }) });
    for (const name of CHOICE_WIDGET_NAMES) expect(formNeedsChoiceWidgets(schema, { a: { b: { 'ui:widget': name } } }), name).toBe(true);
    expect(formNeedsChoiceWidgets(schema, { a: { b: { 'ui:options': { widget: 'textarea' } } } })).toBe(true);
    expect(formNeedsChoiceWidgets(schema, { a: { b: { 'ui:widget': 'stars' } } })).toBe(true);
    expect(formNeedsChoiceWidgets(schema, { a: { b: { 'ui:widget': 'stars' } } }, ['stars'])).toBe(false);
    expect(formNeedsChoiceWidgets(schema, { a: { 'ui:field': 'custom' } })).toBe(true);
    // Every other built-in name draws a text-like input (or rjsf's hidden one).
    const plain = BUILT_IN_FIELD_WIDGETS.filter((n) => !(CHOICE_WIDGET_NAMES as readonly string[]).includes(n));
    for (const name of plain) expect(formNeedsChoiceWidgets(schema, { a: { b: { 'ui:widget': name } } }), name).toBe(false);
  });

  it('no schema: needs them', () => {
    expect(formNeedsChoiceWidgets(undefined, {})).toBe(true);
  });

  it("the definitions' forms: sign-in and password forms need none; forms with choices need them", () => {
    const root = resolve(import.meta.dirname, '../../..');
    const { defs } = loadDefinitionsFromDir(root);
    const { bundle } = createBundle(defs, { region: 'au', brand: 'acme-au' }, [loadSdl(resolve(root, defs.config.graphql ?? 'server/graphql'))]);
    const needs = (id: string) => formNeedsChoiceWidgets(bundle.schemas[id], bundle.uiSchemas[id]);
    for (const id of ['login', 'forgotPassword', 'resetPassword']) expect(needs(id), id).toBe(false);
    for (const id of ['calculatorEnquiryForm', 'businessEntity']) expect(needs(id), id).toBe(true);
    expect(formNeedsChoiceWidgets(AU.schemas['_examples/contact'], AU.uiSchemas['_examples/contact'])).toBe(false);
    expect(formNeedsChoiceWidgets(AU.schemas['_examples/visibility'], AU.uiSchemas['_examples/visibility'])).toBe(true);
  });
});
