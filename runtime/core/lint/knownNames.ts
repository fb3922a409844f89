/** Widget names rjsf and the runtime's theme provide without extensions. */
export const STANDARD_WIDGETS = [
  'text', 'textarea', 'password', 'email', 'tel', 'number', 'uri', 'url', 'data-url', 'hostname', 'ipv4', 'ipv6',
  'date', 'datetime', 'date-time', 'alt-date', 'alt-datetime', 'time', 'color', 'file', 'select', 'radio',
  'checkbox', 'checkboxes', 'range', 'updown', 'hidden',
];

/** Format names ajv-formats validates (a schema may use them without a named catalogue format). */
export const STANDARD_FORMATS = [
  'date', 'time', 'date-time', 'iso-time', 'iso-date-time', 'duration', 'uri', 'uri-reference', 'uri-template', 'url',
  'email', 'hostname', 'ipv4', 'ipv6', 'regex', 'uuid', 'json-pointer', 'json-pointer-uri-fragment',
  'relative-json-pointer', 'byte', 'int32', 'int64', 'float', 'double', 'password', 'binary',
];
