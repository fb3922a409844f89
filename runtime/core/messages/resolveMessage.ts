import type { FormatDef, JsonSchema } from '../types';

/** Prefix of the catalogue keys for generic keyword messages, e.g. `validation.required`. */
export const KEYWORD_KEY_PREFIX = 'validation.';
/** Catalogue key used when nothing more specific exists. */
export const DEFAULT_MESSAGE_KEY = 'validation.default';

/** Order in which a field's failing rules are considered (spec: required, minimum, maximum, exact length, then type and pattern). */
export const KEYWORD_RANK: Record<string, number> = {
  required: 0, minLength: 1, minimum: 1, exclusiveMinimum: 1, minItems: 1,
  maxLength: 2, maximum: 2, exclusiveMaximum: 2, maxItems: 2,
  exactLength: 3, type: 4, format: 5, pattern: 6, enum: 7, const: 7,
};
/** Rank of keywords not listed in {@link KEYWORD_RANK}; form rules come after every keyword. */
export const OTHER_RANK = 8;
/** Rank of a form's logic rules. */
export const RULE_RANK = 9;

/** What a message is being resolved for. */
export interface MessageQuery {
  /** Dotted field path. */
  field: string;
  /** Keyword after normalisation (`exactLength` for min/max length when they are equal). */
  keyword: string;
  /** The field's (prepared) schema, if known. */
  fieldSchema?: JsonSchema;
  /** Form id (schema id) for form-specific catalogue keys `<form>.<field>.<keyword>`. */
  form?: string;
}

/** Where message keys and texts come from. */
export interface MessageSources {
  /** Merged catalogue: key -> text. */
  messages: Record<string, string>;
  /** Form overrides: field (or `*` for every field) -> keyword -> message key. */
  overrides?: Record<string, Record<string, string>>;
  formats?: Record<string, FormatDef>;
}

/** Named format a field uses (prepared `x-format` or a still-named `format`). */
export function namedFormatOf(fieldSchema: JsonSchema | undefined, formats: Record<string, FormatDef> | undefined): string | undefined {
  const name = fieldSchema?.['x-format'] ?? fieldSchema?.format;
  return typeof name === 'string' && formats?.[name] ? name : undefined;
}

/**
 * Candidate message keys, most specific first: layered form-field key, form-field override,
 * schema `x-messages`, named format, keyword (with the format's variant first), default.
 */
export function messageKeyCandidates(query: MessageQuery, sources: MessageSources): string[] {
  const { field, keyword, fieldSchema, form } = query;
  const out: string[] = [];
  if (form) out.push(`${form}.${field}.${keyword}`);
  const fieldOverride = sources.overrides?.[field]?.[keyword];
  if (fieldOverride) out.push(fieldOverride);
  const schemaOverride = (fieldSchema?.['x-messages'] as Record<string, string> | undefined)?.[keyword];
  if (schemaOverride) out.push(schemaOverride);
  const formOverride = sources.overrides?.['*']?.[keyword];
  if (formOverride) out.push(formOverride);
  const formatName = namedFormatOf(fieldSchema, sources.formats);
  const format = formatName ? sources.formats?.[formatName] : undefined;
  if (format && (keyword === 'pattern' || keyword === 'format')) out.push(format.message);
  if (format?.variant) out.push(`${KEYWORD_KEY_PREFIX}${keyword}.${format.variant}`);
  out.push(`${KEYWORD_KEY_PREFIX}${keyword}`, DEFAULT_MESSAGE_KEY);
  return out;
}

/** The first candidate key the catalogue defines (or the first candidate when none is defined, so it shows). */
export function resolveMessageKey(query: MessageQuery, sources: MessageSources): string {
  const candidates = messageKeyCandidates(query, sources);
  return candidates.find((key) => key in sources.messages) ?? candidates[0];
}
