/**
 * Validate an operation's payload with the form schema the browser uses (schemas/<id>.json, layers applied),
 * so a request that skips the page's checks gets the same refusal and the same texts.
 */
import type { ValidateFunction } from 'ajv';
import { createFormAjv } from '../../runtime/core/load/formAjv';
import { prepareSchema, validateForm } from '../../runtime/core/messages';
import type { JsonSchema, ResolvedLayers } from '../../runtime/core/types';
import { refuse } from './errors';

const ajv = createFormAjv();
const compiled = new WeakMap<ResolvedLayers, Map<string, { schema: JsonSchema; validate: ValidateFunction }>>();

function validatorFor(layers: ResolvedLayers, schemaId: string): { schema: JsonSchema; validate: ValidateFunction } {
  let cache = compiled.get(layers);
  if (!cache) compiled.set(layers, (cache = new Map()));
  const hit = cache.get(schemaId);
  if (hit) return hit;
  const source = layers.schemas[schemaId];
  if (!source) throw new Error(`schema '${schemaId}' is not defined: add schemas/${schemaId}.json`);
  const schema = prepareSchema({ ...source }, layers.formats);
  delete schema.$id;
  delete schema.$schema;
  const entry = { schema, validate: ajv.compile(schema) };
  cache.set(schemaId, entry);
  return entry;
}

/** Field path -> catalogue text of every failing field (empty when valid). */
export function payloadErrors(layers: ResolvedLayers, schemaId: string, data: unknown): Record<string, string> {
  const { schema, validate } = validatorFor(layers, schemaId);
  return validateForm(validate, data, { schema, messages: layers.messages, formats: layers.formats, form: schemaId });
}

/**
 * Throw INVALID_VALUE with `fields` (path -> text) unless `data` passes the form schema `schemaId`. Each failing
 * form field is named `<prefix>.<field>`, or by `prefix` when it is a function (the argument the field came from).
 */
export function assertPayload(layers: ResolvedLayers, schemaId: string, data: unknown, prefix: string | ((field: string) => string) = ''): void {
  const fields = payloadErrors(layers, schemaId, data);
  const failed = Object.entries(fields);
  if (!failed.length) return;
  const nameOf = typeof prefix === 'function' ? prefix : (f: string) => [prefix, f].filter(Boolean).join('.') || prefix || '(payload)';
  const named = Object.fromEntries(failed.map(([f, text]) => [nameOf(f), text]));
  throw refuse('INVALID_VALUE', `invalid ${schemaId}: ${Object.entries(named).map(([f, t]) => `${f}: ${t}`).join('; ')}`, { fields: named });
}
