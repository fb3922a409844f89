/**
 * Field widget names (`ui:widget`) usable without extensions: the runtime's Fluent theme registers each
 * (runtime/react/theme/widgets.tsx, tied to this list by tests/unit/react/registry.test.ts) except
 * `hidden`, which rjsf itself draws. Lint and the browser's start-up check both read this list.
 */
export const BUILT_IN_FIELD_WIDGETS = [
  'TextWidget', 'text', 'email', 'EmailWidget', 'tel', 'password', 'PasswordWidget', 'number', 'UpDownWidget',
  'date', 'DateWidget', 'select', 'SelectWidget', 'checkbox', 'CheckboxWidget', 'radio', 'RadioWidget', 'textarea', 'TextareaWidget', 'hidden',
] as const;

/** A field widget name the theme provides (or rjsf draws). */
export type BuiltInFieldWidget = (typeof BUILT_IN_FIELD_WIDGETS)[number];

/** Field widgets rjsf draws itself (the theme registers every other built-in name). */
export const RJSF_FIELD_WIDGETS = ['hidden'] as const satisfies readonly BuiltInFieldWidget[];

/** Format names ajv-formats validates (a schema may use them without a named catalogue format). */
export const STANDARD_FORMATS = [
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url',
  'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment',
  'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
];

/**
 * Named effects the runtime itself provides (runtime/react/effects/builtInEffects.ts; a test holds the two
 * equal), usable as `{ effect: name, params }` without extensions, with the params each requires:
 * - `download` `{ url, fileName? }`: saves the file at `url` (same origin) as a download; `url` may be a list of
 *   `{ url, fileName? }` (each saved in turn);
 * - `wait` `{ ms }`: the chain goes on after `ms` milliseconds;
 * - `notifyParent` `{ event }`: tells the page that frames this one (a `frame` block of the same origin;
 *   else the window that opened it) to raise `event`; nothing when there is none;
 * - `focus` `{ id }`: moves the focus to the field of block `id` (an input or combobox) once the page has drawn the
 *   transition (e.g. back to a field Next refused); nothing when it is not on the page.
 */
export const BUILT_IN_EFFECTS = {
  download: { required: ['url'], optional: ['fileName'] },
  wait: { required: ['ms'], optional: [] },
  notifyParent: { required: ['event'], optional: [] },
  focus: { required: ['id'], optional: [] },
} as const satisfies Record<string, { required: readonly string[]; optional: readonly string[] }>;

/** A built-in effect's name. */
export type BuiltInEffect = keyof typeof BUILT_IN_EFFECTS;
