/** Validate a value written at a record path against the JSON Schema for that path (layers applied). */
import Ajv, { type ValidateFunction } from 'ajv';
import { normalizeValues, prepareSchema, schemaAtPath, validateForm, FORM_KEYWORDS } from '../../runtime/core/messages';
import type { JsonSchema, ResolvedLayers } from '../../runtime/core/types';
import { refuse } from './errors';

/** Record root -> schema id (under `schemas/`) describing it. */
export const RECORD_SCHEMAS: Record<string, string> = {
  scoreboard: 'scoreboard',
  calculator: 'applicationCalculator',
};

/** Largest JSON text one write may carry. */
export const MAX_VALUE_BYTES = 64 * 1024;

const ajv = new Ajv({ allErrors: true, strict: false });
for (const keyword of FORM_KEYWORDS) ajv.addKeyword({ keyword });
const compiled = new WeakMap<ResolvedLayers, Map<string, { schema: JsonSchema; validate: ValidateFunction }>>();

/** The prepared subschema and compiled validator for a dotted record path, or undefined when the path is not declared. */
export function validatorAt(layers: ResolvedLayers, path: string): { schema: JsonSchema; validate: ValidateFunction } | undefined {
  let cache = compiled.get(layers);
  if (!cache) compiled.set(layers, (cache = new Map()));
  const hit = cache.get(path);
  if (hit) return hit;
  const [root, ...rest] = path.split('.');
  const id = Object.hasOwn(RECORD_SCHEMAS, root) ? RECORD_SCHEMAS[root] : undefined;
  const whole = id && Object.hasOwn(layers.schemas, id) ? layers.schemas[id] : undefined;
  if (!whole) return undefined;
  const sub = schemaAtPath(whole, rest.join('.'));
  if (!sub) return undefined;
  const schema = prepareSchema({ ...sub }, layers.formats);
  delete schema.$id;
  delete schema.$schema;
  const entry = { schema, validate: ajv.compile(schema) };
  cache.set(path, entry);
  return entry;
}

/** Whether a path is declared by a record schema. */
export const isDeclared = (layers: ResolvedLayers, path: string): boolean => validatorAt(layers, path) !== undefined;

/** Throw INVALID_PATH / INVALID_VALUE unless `value` is valid at `path`. */
export function assertValid(layers: ResolvedLayers, path: string, value: unknown): void {
  const entry = validatorAt(layers, path);
  if (!entry) throw refuse('INVALID_PATH', `'${path}' is not a field of the application record`, { path });
  const size = JSON.stringify(value ?? null).length;
  if (size > MAX_VALUE_BYTES) throw refuse('INVALID_VALUE', `value for '${path}' is too large (${size} bytes, at most ${MAX_VALUE_BYTES})`, { path });
  if (value === undefined) throw refuse('INVALID_VALUE', `no value given for '${path}'`, { path });
  const fields = validateForm(entry.validate, value, { schema: entry.schema, messages: layers.messages, formats: layers.formats });
  const failed = Object.keys(fields);
  if (failed.length > 0) {
    const where = failed.map((f) => (f === '' ? path : `${path}.${f}`));
    throw refuse('INVALID_VALUE', `invalid value: ${where.map((w, i) => `${w}: ${fields[failed[i]]}`).join('; ')}`, {
      path,
      fields: Object.fromEntries(failed.map((f, i) => [where[i], fields[f]])),
    });
  }
}

const formCompiled = new WeakMap<ResolvedLayers, Map<string, { schema: JsonSchema; validate: ValidateFunction }>>();

/** The prepared form schema `id` (layers applied) and its compiled validator, or undefined when there is no such schema. */
function formValidator(layers: ResolvedLayers, id: string): { schema: JsonSchema; validate: ValidateFunction } | undefined {
  let cache = formCompiled.get(layers);
  if (!cache) formCompiled.set(layers, (cache = new Map()));
  const hit = cache.get(id);
  if (hit) return hit;
  if (!Object.hasOwn(layers.schemas, id)) return undefined;
  const schema = prepareSchema({ ...layers.schemas[id] }, layers.formats);
  delete schema.$id;
  delete schema.$schema;
  const entry = { schema, validate: ajv.compile(schema) };
  cache.set(id, entry);
  return entry;
}

/**
 * Throw INVALID_VALUE unless `value`, written at `path`, passes the property of form schema `schemaId` named as the
 * path's last segment, as the screen checks it (normalised first: a phone's spaces, an amount's separators; the
 * schema's own messages): a writable entry's `schema` (e.g. the application review's per-field rules).
 */
export function assertFieldValid(layers: ResolvedLayers, schemaId: string, path: string, value: unknown): void {
  const entry = formValidator(layers, schemaId);
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (!entry) throw refuse('INVALID_PATH', `'${path}' names the form schema '${schemaId}', which does not exist`, { path });
  const data = normalizeValues(entry.schema, { [field]: value ?? '' }, layers.formats);
  const message = validateForm(entry.validate, data, { schema: entry.schema, messages: layers.messages, formats: layers.formats, form: schemaId })[field];
  if (message !== undefined) throw refuse('INVALID_VALUE', `invalid value: ${path}: ${message}`, { path, fields: { [path]: message }, schema: schemaId });
}
