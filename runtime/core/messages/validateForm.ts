import type { FormatDef, JsonSchema, Logic, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import { fieldPathOf, schemaAtPath, type ValidationErrorLike } from './fieldPath';
import { interpolate } from './interpolate';
import type { MissingText } from './missingText';
import { KEYWORD_RANK, namedFormatOf, OTHER_RANK, RULE_RANK, resolveMessageKey } from './resolveMessage';

/** Rank of a format failure on a field whose format counts its lengths in units (`variant`): 'abcde' has no digits to count. */
const COUNTED_FORMAT_RANK = 0.5;

/** An ajv-compiled or standalone validate function (compiled with `allErrors: true`). */
export interface CompiledValidator {
  (data: unknown): boolean | Promise<unknown>;
  errors?: ValidationErrorLike[] | null;
}

/** A form rule: when `when` holds, `field` shows the message `message` (a key). */
export interface FormRule {
  field: string;
  when: Logic;
  message: string;
}

/** Options of {@link validateForm}. */
export interface ValidateFormOptions {
  /** The prepared schema the validator was compiled from (for limits, formats, `x-messages`). */
  schema: JsonSchema;
  /** Merged message catalogue (key -> text). */
  messages: Record<string, string>;
  /** Form overrides: field (or `*`) -> keyword -> message key. */
  overrides?: Record<string, Record<string, string>>;
  /** Logic rules checked after the schema, for fields without a schema error. */
  rules?: FormRule[];
  /** The logic instance rules evaluate with (the definition set's); required with `rules`. */
  logic?: LogicInstance;
  /** Context for rules; `form` is set to the data. */
  context?: LogicContext;
  /** Named formats (merged layers). */
  formats?: Record<string, FormatDef>;
  /** Form id for layered form-field keys `<form>.<field>.<keyword>`. */
  form?: string;
  /** Fields not shown (e.g. their `visibleWhen` is false): no message for them or anything below them. */
  hidden?: ReadonlySet<string>;
  /** Treat empty strings as missing so `required` applies (default true). */
  emptyAsMissing?: boolean;
  /** Told of a message key the catalogue lacks or a placeholder nothing fills (each renders empty). */
  onMissing?: MissingText;
}

interface Candidate {
  rank: number;
  fieldSchema?: JsonSchema;
  keyword: string;
  params: Record<string, unknown>;
  key?: string;
}

/** Drop empty strings (and the undefined values rjsf leaves) so `required` reports them. */
export function withoutEmpty(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmpty);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) if (v !== '' && v !== undefined) out[k] = withoutEmpty(v);
  return out;
}

/**
 * Validate form data and return ONE message per field: the first failing rule in spec order
 * (required, minimum, maximum, exact length, then type, format, pattern), then form rules; a format whose
 * lengths count digits (`variant`) fails before those lengths. Values are checked as given: a form
 * normalises what was typed first ({@link normalizeValues}).
 * @example validateForm(validate, data, { schema, messages: layers.messages, formats: layers.formats })
 */
export function validateForm(validate: CompiledValidator, data: unknown, options: ValidateFormOptions): Record<string, string> {
  const input = options.emptyAsMissing === false ? data : withoutEmpty(data);
  validate(input);
  const best = new Map<string, Candidate>();
  const hidden = options.hidden;
  const isHidden = (field: string) => {
    if (!hidden || hidden.size === 0) return false;
    for (let path = field; ; path = path.slice(0, path.lastIndexOf('.'))) {
      if (hidden.has(path)) return true;
      if (!path.includes('.')) return false;
    }
  };
  const offer = (field: string, candidate: Candidate) => {
    if (isHidden(field)) return;
    const current = best.get(field);
    if (!current || candidate.rank < current.rank) best.set(field, candidate);
  };
  for (const error of validate.errors ?? []) {
    const field = fieldPathOf(error);
    const fieldSchema = schemaAtPath(options.schema, field);
    let keyword = error.keyword;
    if ((keyword === 'minLength' || keyword === 'maxLength') && fieldSchema && fieldSchema.minLength === fieldSchema.maxLength) keyword = 'exactLength';
    const format = (keyword === 'format' || keyword === 'pattern') && options.formats ? options.formats[namedFormatOf(fieldSchema, options.formats) ?? ''] : undefined;
    const rank = format?.variant ? COUNTED_FORMAT_RANK : KEYWORD_RANK[keyword] ?? OTHER_RANK;
    offer(field, { rank, fieldSchema, keyword, params: error.params ?? {} });
  }
  if (options.rules?.length) {
    const { logic } = options;
    if (!logic) throw new Error('validateForm: rules need the logic instance they evaluate with');
    const context = { ...(options.context ?? {}), form: input };
    for (const rule of options.rules) {
      if (best.has(rule.field)) continue;
      if (logic.holds(rule.when, context)) offer(rule.field, { rank: RULE_RANK, keyword: 'rule', params: {}, key: rule.message });
    }
  }
  const out: Record<string, string> = {};
  for (const [field, candidate] of best) {
    const key = candidate.key ?? resolveMessageKey({ field, keyword: candidate.keyword, fieldSchema: candidate.fieldSchema, form: options.form }, options);
    const text = options.messages[key];
    if (text === undefined) options.onMissing?.(`message key '${key}' is not in the catalogue (rendered empty)`);
    out[field] = interpolate(text ?? '', { n: candidate.params.limit, ...candidate.params }, (name) => options.onMissing?.(`placeholder {${name}} of '${key}' has no value (rendered empty)`));
  }
  return out;
}
