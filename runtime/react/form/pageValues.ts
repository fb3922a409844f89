/**
 * What a person did to a server-rendered form before the app took it over: the values its controls hold that
 * differ from what was rendered (typed, or set by the browser's autofill or a password manager, which sends no
 * input event), read once the app has hydrated the form (FormView). The rendered value is the control's default
 * (`defaultValue`, `defaultChecked`, `defaultSelected`: the markup's attributes, which hydration sets to the same),
 * so a control nobody touched is left out and the form's own value stands.
 * @example
 * const page = readPageValues(formElement, schema, uiSchema, 'login');   // { email: 'ada@example.com' }
 * if (Object.keys(page).length) store.adopt(page);
 */
import { optionsList, type RJSFSchema, type UiSchema } from '@rjsf/utils';

/** One field a form draws: its dotted path, the rjsf id of its control, its schema and uiSchema. */
interface Field {
  path: string;
  id: string;
  schema: RJSFSchema;
  ui: UiSchema;
}

/** The leaf fields of an object schema (nested objects walked), with the ids rjsf gives their controls (`<idBase>_a_b`). */
function fieldsOf(schema: RJSFSchema, ui: UiSchema, idBase: string, prefix = ''): Field[] {
  const properties = (schema.properties ?? {}) as Record<string, RJSFSchema>;
  return Object.entries(properties).flatMap(([name, sub]) => {
    if (typeof sub !== 'object' || sub === null) return [];
    const path = prefix + name;
    const id = `${idBase}_${name}`;
    const subUi = (ui[name] ?? {}) as UiSchema;
    if (sub.type === 'object' && sub.properties) return fieldsOf(sub, subUi, id, `${path}.`);
    return [{ path, id, schema: sub, ui: subUi }];
  });
}

/** A text the person entered, as the field's schema types it (rjsf's number widgets: a number; empty: no value). */
function typed(text: string, schema: RJSFSchema): unknown {
  if (text === '') return undefined;
  if (schema.type === 'number' || schema.type === 'integer') {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : text;
  }
  return text;
}

/** An option chosen by its index (the theme's select and radio widgets use the option's index as the value). */
function option(index: string, field: Field): { value: unknown } | undefined {
  if (index === '') return { value: undefined };
  const options = optionsList(field.schema, field.ui) ?? [];
  const chosen = options[Number(index)];
  return chosen ? { value: chosen.value } : undefined;
}

/** The value the person gave the control of `field`, or undefined when they left it as rendered. */
function changedValue(root: ParentNode, field: Field): { value: unknown } | undefined {
  const control = root.querySelector(`[id="${field.id}"]`);
  if (!control) return undefined;
  if (control instanceof HTMLSelectElement) {
    const touched = [...control.options].some((o) => o.selected !== o.defaultSelected);
    return touched ? option(control.value, field) : undefined;
  }
  if (control instanceof HTMLTextAreaElement) {
    return control.value !== control.defaultValue ? { value: typed(control.value, field.schema) } : undefined;
  }
  if (control instanceof HTMLInputElement) {
    if (control.type === 'checkbox') return control.checked !== control.defaultChecked ? { value: control.checked } : undefined;
    return control.value !== control.defaultValue ? { value: typed(control.value, field.schema) } : undefined;
  }
  // A group of radio buttons (the theme's radio widget: the id is on the group, each radio's value the option's index).
  const radios = [...control.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
  if (!radios.some((r) => r.checked !== r.defaultChecked)) return undefined;
  return option(radios.find((r) => r.checked)?.value ?? '', field);
}

/** Sets a dotted path in a copy of `values` (objects along the way copied too). */
function withPath(values: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) {
    const next = { ...values };
    if (value === undefined) delete next[head];
    else next[head] = value;
    return next;
  }
  const inner = values[head];
  return { ...values, [head]: withPath(typeof inner === 'object' && inner !== null ? (inner as Record<string, unknown>) : {}, rest.join('.'), value) };
}

/**
 * The values a person gave the form's controls under `root` before the app took it over, by dotted path (a field
 * they emptied is `undefined`); `{}` when they touched nothing. `idBase` is the form's rjsf id prefix.
 */
export function readPageValues(root: ParentNode, schema: RJSFSchema, ui: UiSchema, idBase: string): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  for (const field of fieldsOf(schema, ui, idBase)) {
    const changed = changedValue(root, field);
    if (changed) found[field.path] = changed.value;
  }
  return found;
}

/** `values` with the page's values (dotted paths, from {@link readPageValues}) written over them. */
export function withPageValues(values: Record<string, unknown>, page: Record<string, unknown>): Record<string, unknown> {
  return Object.entries(page).reduce((acc, [path, value]) => withPath(acc, path, value), values);
}

/**
 * A form's values from its fields as a browser posts them (`name=value` pairs; rjsf names each control by its id):
 * what the server reads of a form posted before the app (JavaScript off, or not there yet).
 */
export function postedValues(posted: readonly [string, string][], schema: RJSFSchema, ui: UiSchema, idBase: string): Record<string, unknown> {
  const byName = new Map(posted);
  let values: Record<string, unknown> = {};
  for (const field of fieldsOf(schema, ui, idBase)) {
    const sent = byName.get(field.id);
    let value: unknown;
    if (field.schema.type === 'boolean') value = sent !== undefined;
    else if (sent === undefined) continue;
    else if (field.schema.enum || field.schema.oneOf || field.schema.anyOf) value = option(sent, field)?.value;
    else value = typed(sent, field.schema);
    values = withPath(values, field.path, value);
  }
  return values;
}

/** The dotted paths of the fields a form draws as password inputs (never sent back in a page). */
export function passwordPaths(schema: RJSFSchema, ui: UiSchema): string[] {
  return fieldsOf(schema, ui, '').filter((f) => f.ui['ui:widget'] === 'password' || f.schema.format === 'password').map((f) => f.path);
}
