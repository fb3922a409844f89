import { defineFunction } from './defineFunction';

/** The named members of an object that hold a value (absent and null ones left out, as templates leave them). */
export const pick = defineFunction({
  name: 'pick',
  signature: '(object: object, ...keys: text) => object',
  description: 'the named members of object that hold a value ({} for no object)',
  fn: (object: unknown, ...keys: unknown[]): Record<string, unknown> => {
    if (!object || typeof object !== 'object' || Array.isArray(object)) return {};
    const source = object as Record<string, unknown>;
    return Object.fromEntries(keys.map(String).filter((k) => source[k] !== undefined && source[k] !== null).map((k) => [k, source[k]]));
  },
});

/**
 * A value under a key chosen at run time: a setting naming the field a value goes in, e.g.
 * `{ keyed: [{ var: settings.contact.field }, value] }` is `{ email: value }` where the setting says email. No value
 * (null, absent) is `{}`, as templates leave such a member out.
 */
export const keyed = defineFunction({
  name: 'keyed',
  signature: '(key: text, value: any) => object',
  description: 'an object holding value under key ({} when value is null or absent)',
  fn: (key: unknown, value: unknown): Record<string, unknown> => (value === null || value === undefined ? {} : { [String(key)]: value }),
});
