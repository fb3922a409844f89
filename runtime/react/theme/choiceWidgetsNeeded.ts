/**
 * Whether a form may draw one of the theme's choice widgets (select, radio, checkbox, textarea), whose
 * Fluent components load in their own chunk (theme/choiceWidgets.tsx): decided from the schema and uiSchema
 * alone, before the form's code is there, so a form that needs them fetches them with it and one that does
 * not (e-mail + password) never does. Conservative: anything that could end in one of them counts.
 */
import { BUILT_IN_FIELD_WIDGETS } from '../../core/lint/knownNames';

/** The `ui:widget` names the choice widgets chunk draws. */
export const CHOICE_WIDGET_NAMES = [
  'select', 'SelectWidget', 'radio', 'RadioWidget', 'checkbox', 'CheckboxWidget', 'textarea', 'TextareaWidget',
] as const;

export type ChoiceWidgetName = (typeof CHOICE_WIDGET_NAMES)[number];

const choiceNames: ReadonlySet<string> = new Set(CHOICE_WIDGET_NAMES);
/** Built-in names that never draw a choice widget (text-like inputs, rjsf's `hidden`). */
const plainNames: ReadonlySet<string> = new Set(BUILT_IN_FIELD_WIDGETS.filter((n) => !choiceNames.has(n)));

/** Schema keywords whose value is data, not subschemas: not walked (an `enum` or `default` value may hold anything). */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'required', 'x-rules', 'title', 'description']);
/** Keywords whose value maps names to subschemas: a property named `items` or `enum` is not the keyword. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas', 'dependencies']);

/** A schema node rjsf may draw as a select, radio group or check box (an enum, alternatives, a boolean, an array). */
function choiceNode(node: Record<string, unknown>): boolean {
  if ('enum' in node || 'oneOf' in node || 'anyOf' in node || 'items' in node || 'prefixItems' in node) return true;
  const type = node.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('boolean') || types.includes('array')) return true;
  // A reference outside the document: its target is not here to look at.
  return typeof node.$ref === 'string' && !node.$ref.startsWith('#');
}

function schemaNeeds(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(schemaNeeds);
  if (node === null || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  if (choiceNode(record)) return true;
  return Object.entries(record).some(([key, value]) => {
    if (DATA_KEYWORDS.has(key)) return false;
    if (MAP_KEYWORDS.has(key) && value && typeof value === 'object' && !Array.isArray(value)) return Object.values(value).some(schemaNeeds);
    return schemaNeeds(value);
  });
}

/** A `ui:widget` name that may draw a choice widget: one of theirs, or a name neither built in nor registered. */
function widgetNeeds(widget: unknown, registered: ReadonlySet<string>): boolean {
  if (typeof widget !== 'string') return true;
  if (choiceNames.has(widget)) return true;
  return !plainNames.has(widget) && !registered.has(widget);
}

function uiNeeds(node: unknown, registered: ReadonlySet<string>): boolean {
  if (Array.isArray(node)) return node.some((item) => uiNeeds(item, registered));
  if (node === null || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  if ('ui:field' in record) return true;
  if ('ui:widget' in record && widgetNeeds(record['ui:widget'], registered)) return true;
  const options = record['ui:options'];
  if (options && typeof options === 'object' && 'widget' in options && widgetNeeds((options as { widget: unknown }).widget, registered)) return true;
  return Object.values(record).some((value) => uiNeeds(value, registered));
}

/**
 * True when a form of `schema` (as prepared in the bundle) and `uiSchema` may draw a choice widget: any `enum`,
 * `oneOf` / `anyOf` (a list of `const`s is a select), boolean, array or outside `$ref` anywhere in the schema, or a
 * `ui:widget` (or `ui:options.widget`) naming a choice widget, or a name neither built in nor in `registered`
 * (the extensions' field widgets), or any `ui:field`, anywhere in the uiSchema. No schema: true.
 * @example formNeedsChoiceWidgets({ type: 'object', properties: { email: { type: 'string' } } }, {}) // false
 */
export function formNeedsChoiceWidgets(schema: unknown, uiSchema: unknown, registered: Iterable<string> = []): boolean {
  if (schema === null || typeof schema !== 'object') return true;
  return schemaNeeds(schema) || uiNeeds(uiSchema, new Set(registered));
}
