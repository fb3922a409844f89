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
 * A value under a key chosen at run time, beside the other keys it may be under (each null): a setting naming the
 * field a value goes in, e.g. `{ keyed: [{ var: settings.businessNumber.field }, number, abn, nzbn] }`.
 */
export const keyed = defineFunction({
  name: 'keyed',
  signature: '(key: text, value: any, ...keys: text) => object',
  description: 'an object with each of keys null and key holding value (key need not be among keys)',
  fn: (key: unknown, value: unknown, ...keys: unknown[]): Record<string, unknown> => ({
    ...Object.fromEntries(keys.map((k) => [String(k), null])),
    [String(key)]: value,
  }),
});
