import type { FormatDef, JsonSchema } from '../types';
import { childSchema } from './fieldPath';
import { namedFormatOf } from './resolveMessage';

const patterns = new WeakMap<FormatDef, RegExp>();

/** The characters a named format drops before checking (its `ignore` class), as a global regular expression. */
function ignoredOf(format: FormatDef): RegExp | undefined {
  if (!format.ignore) return undefined;
  let re = patterns.get(format);
  if (!re) patterns.set(format, (re = new RegExp(format.ignore, 'gu')));
  return re;
}

/**
 * The values a person typed, as the definitions keep them: each string whose named format has `ignore`
 * (spaces in a phone number, thousands separators in an amount) loses those characters, so checking
 * and storing see `0298765432` where `02 9876 5432` was typed. Other values are returned unchanged.
 * Returns the same object when nothing changed (a form's values keep their identity).
 * @example normalizeValues(prepared, { phone: '0412 345 678' }, layers.formats) // { phone: '0412345678' }
 */
export function normalizeValues<T>(schema: JsonSchema | undefined, value: T, formats: Record<string, FormatDef>): T {
  if (!schema) return value;
  if (typeof value === 'string') {
    const name = namedFormatOf(schema, formats);
    const ignored = name ? ignoredOf(formats[name]) : undefined;
    return (ignored ? value.replace(ignored, '') : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let out: Record<string, unknown> | unknown[] | undefined;
  for (const [key, member] of Object.entries(value)) {
    const next = normalizeValues(childSchema(schema, key), member, formats);
    if (next === member) continue;
    out ??= Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
    (out as Record<string, unknown>)[key] = next;
  }
  return (out ?? value) as T;
}
