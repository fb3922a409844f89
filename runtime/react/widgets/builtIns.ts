/** Field widget names the theme provides (kept here, outside the form chunk, for load-time checks). */
export const BUILT_IN_FIELD_WIDGETS = [
  'TextWidget', 'text', 'email', 'EmailWidget', 'tel', 'password', 'PasswordWidget', 'number', 'UpDownWidget',
  'date', 'DateWidget', 'select', 'SelectWidget', 'checkbox', 'CheckboxWidget', 'radio', 'RadioWidget', 'textarea', 'TextareaWidget', 'hidden',
];
