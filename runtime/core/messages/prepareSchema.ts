import type { FormatDef, JsonSchema } from '../types';
import { caseInsensitivePattern } from './caseInsensitive';

/** Extension keywords form schemas may carry; register them with ajv (`ajv.addKeyword`) as annotations. */
export const FORM_KEYWORDS = ['x-messages', 'x-format', 'x-rules'] as const;

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SUBSCHEMA_ONES = ['items', 'additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];

/** The pattern a named format compiles to (case-insensitive ones rewritten without flags). */
export function formatPattern(format: FormatDef): string {
  return format.ignoreCase ? caseInsensitivePattern(format.pattern) : format.pattern;
}

/**
 * Replace `format: <named>` by the named format's `pattern` and mark it with `x-format: <named>`
 * so a standalone validator needs no format code and errors map to the format's message.
 * Formats not in `formats` are left for the validator. Returns a new schema.
 */
export function prepareSchema(schema: JsonSchema, formats: Record<string, FormatDef>): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const source = node as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(source)) {
      if (SUBSCHEMA_MAPS.includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
      } else if (SUBSCHEMA_LISTS.includes(key) || SUBSCHEMA_ONES.includes(key)) {
        out[key] = walk(value);
      } else {
        out[key] = value;
      }
    }
    const name = source.format;
    if (typeof name === 'string' && formats[name]) {
      delete out.format;
      out['x-format'] = name;
      const pattern = formatPattern(formats[name]);
      if (typeof out.pattern === 'string') out.allOf = [...((out.allOf as unknown[]) ?? []), { pattern }];
      else out.pattern = pattern;
    }
    return out;
  };
  return walk(schema) as JsonSchema;
}
