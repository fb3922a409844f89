import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { DefinitionError, SourceMaps } from '../types';
import { didYouMean, errorAt, escapeSegment } from '../source';

/** Meta-schema file name -> compiled validator. */
export type MetaValidators = Record<string, ValidateFunction>;

/** The validators' key of one block (blocks.json#/definitions/block). */
export const BLOCK = 'blocks.json#block';

const cache = new Map<string, { validators: MetaValidators; errors: string[] }>();

/** Compile every meta-schema (cached by content); compile problems come back as strings. */
export function compileMetaSchemas(metas: Record<string, unknown>): { validators: MetaValidators; errors: string[] } {
  const key = JSON.stringify(metas);
  const hit = cache.get(key);
  if (hit) return hit;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  addFormats(ajv);
  const errors: string[] = [];
  for (const [name, schema] of Object.entries(metas)) {
    try {
      ajv.addSchema(schema as object, name);
    } catch (e) {
      errors.push(`${name}: ${(e as Error).message}`);
    }
  }
  const validators: MetaValidators = {};
  for (const name of Object.keys(metas)) {
    try {
      const validate = ajv.getSchema(name);
      if (validate) validators[name] = validate;
    } catch (e) {
      errors.push(`${name}: ${(e as Error).message}`);
    }
  }
  // One block alone, for blocks made at expansion (a preset with the members beside its use).
  if ('blocks.json' in metas) {
    try {
      const block = ajv.getSchema('blocks.json#/definitions/block');
      if (block) validators[BLOCK] = block;
    } catch (e) {
      errors.push(`blocks.json: ${(e as Error).message}`);
    }
  }
  const result = { validators, errors };
  cache.set(key, result);
  return result;
}

const nested = (e: ErrorObject) => /\/(oneOf|anyOf)\/\d+\//.test(e.schemaPath);

/** Turn ajv errors into located, hinted definition errors (one per problem, noise of if/oneOf branches dropped). */
export function metaErrors(errors: ErrorObject[], file: string, sources: SourceMaps, metaName: string): DefinitionError[] {
  const unions = errors.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const kept = errors.filter((e) => {
    if (e.keyword === 'if') return false;
    if (nested(e) && unions.some((u) => e.instancePath.startsWith(u.instancePath))) return false;
    return true;
  });
  const seen = new Set<string>();
  const out: DefinitionError[] = [];
  for (const e of kept) {
    const { pointer, message, hint } = describe(e);
    const id = `${pointer}|${message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(errorAt(sources, file, pointer, message, hint ?? `see schemas/meta/${metaName}`));
  }
  return out;
}

function describe(e: ErrorObject): { pointer: string; message: string; hint?: string } {
  const parent = (e.parentSchema ?? {}) as Record<string, unknown>;
  const description = typeof parent.description === 'string' ? parent.description : undefined;
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const known = Object.keys((parent.properties as Record<string, unknown>) ?? {});
      return { pointer: `${e.instancePath}/${escapeSegment(name)}`, message: `unknown property '${name}'`, hint: didYouMean(name, known) };
    }
    case 'required':
      return { pointer: e.instancePath, message: `missing property '${String(params.missingProperty)}'`, hint: description ?? `add '${String(params.missingProperty)}'` };
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]).map(String);
      return { pointer: e.instancePath, message: `'${String(e.data)}' is not allowed`, hint: didYouMean(String(e.data), allowed) };
    }
    case 'type':
      return { pointer: e.instancePath, message: `must be ${String(params.type)}`, hint: description };
    case 'oneOf':
    case 'anyOf':
      return { pointer: e.instancePath, message: `does not match any allowed shape`, hint: description };
    case 'propertyNames':
      return { pointer: e.instancePath, message: `invalid key '${String(params.propertyName)}'`, hint: description };
    default:
      return { pointer: e.instancePath, message: e.message ?? e.keyword, hint: description };
  }
}
