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
