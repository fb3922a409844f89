import Ajv, { type ErrorObject } from 'ajv';
import type { DefinitionError, DefinitionSet, JsonSchema, ResolvedLayers } from '../types';
import { didYouMean, errorAt, escapeSegment, toPointer } from '../source';
import { lintLayers } from './lintLayers';
import { FORM_KEYWORDS } from '../messages/prepareSchema';

/** Keywords of JSON Schema draft-07 (validation, applicators, annotations, references). */
const DRAFT7_KEYWORDS = [
  '$schema', '$id', '$ref', '$comment', 'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly',
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'format', 'contentMediaType', 'contentEncoding',
  'items', 'additionalItems', 'maxItems', 'minItems', 'uniqueItems', 'contains',
  'maxProperties', 'minProperties', 'required', 'properties', 'patternProperties', 'additionalProperties', 'dependencies', 'propertyNames',
  'if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'definitions', '$defs',
];
const KNOWN = [...DRAFT7_KEYWORDS, ...FORM_KEYWORDS];
const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs', 'dependencies'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'];
const SCHEMA_ONES = ['additionalItems', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
/** Lower and upper bounds that must not cross. */
const BOUNDS: [string, string][] = [['minLength', 'maxLength'], ['minimum', 'maximum'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties'], ['exclusiveMinimum', 'exclusiveMaximum']];

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A problem at a pointer inside one merged schema, before it is placed. */
interface Problem {
  pointer: string;
  message: string;
  hint: string;
}

/** Every subschema of a schema with its pointer (not inside enum, const, default or examples values). */
function subschemas(node: unknown, pointer: string, out: { node: Record<string, unknown>; pointer: string }[] = []): { node: Record<string, unknown>; pointer: string }[] {
  if (!isObject(node)) return out;
  out.push({ node, pointer });
  for (const key of SCHEMA_MAPS) {
    const map = node[key];
    if (isObject(map)) for (const [name, child] of Object.entries(map)) subschemas(child, `${pointer}${toPointer([key, name])}`, out);
  }
  for (const key of SCHEMA_LISTS) {
    const list = node[key];
    if (Array.isArray(list)) list.forEach((child, i) => subschemas(child, `${pointer}/${key}/${i}`, out));
  }
  for (const key of SCHEMA_ONES) subschemas(node[key], `${pointer}/${key}`, out);
  if (Array.isArray(node.items)) node.items.forEach((child, i) => subschemas(child, `${pointer}/items/${i}`, out));
  else subschemas(node.items, `${pointer}/items`, out);
  return out;
}

function regexProblem(source: unknown): string | undefined {
  if (typeof source !== 'string') return undefined;
  try {
    new RegExp(source, 'u');
    return undefined;
  } catch (e) {
    return (e as Error).message;
  }
}

const ajv = new Ajv({ allErrors: true, strict: false });

function metaProblem(error: ErrorObject): Problem {
  const keyword = error.instancePath.split('/').pop() ?? '';
  const params = error.params as Record<string, unknown>;
  const hint = error.keyword === 'type' ? `'${keyword}' takes ${params.type === 'array' ? 'a list' : params.type}${keyword === 'required' ? ' of field names, on the object: required: [a, b]' : ''}`
    : error.keyword === 'enum' ? `one of: ${(params.allowedValues as unknown[]).join(', ')}`
      : `'${keyword}' ${error.message}`;
  return { pointer: error.instancePath, message: `'${keyword}' is not a valid JSON Schema value: ${error.message}`, hint };
}

/** The problems of one (merged) schema: draft-07 meta-schema, unknown keywords, crossed bounds, regexes, required names. */
export function schemaProblems(schema: JsonSchema): Problem[] {
  const out: Problem[] = [];
  if (!ajv.validateSchema(schema)) {
    const errors = (ajv.errors ?? []).filter((e) => e.keyword !== 'anyOf' && !(e.keyword === 'type' && /\/(type|items)(\/\d+)?$/.test(e.instancePath) && (ajv.errors ?? []).some((o) => o !== e && o.instancePath === e.instancePath)));
    const seen = new Set<string>();
    for (const error of errors) {
      if (seen.has(error.instancePath)) continue;
      seen.add(error.instancePath);
      out.push(metaProblem(error));
    }
  }
  for (const { node, pointer } of subschemas(schema, '')) {
    for (const key of Object.keys(node)) {
      if (KNOWN.includes(key) || key.startsWith('x-')) continue;
      const hint = didYouMean(key, KNOWN);
      out.push({ pointer: `${pointer}${toPointer([key])}`, message: `'${key}' is no JSON Schema keyword: it is ignored`, hint: hint.startsWith('did you mean') ? hint : 'use a draft-07 keyword, or an x- prefix for an annotation' });
    }
    for (const [low, high] of BOUNDS) {
      if (typeof node[low] === 'number' && typeof node[high] === 'number' && (node[low] as number) > (node[high] as number)) {
        out.push({ pointer: `${pointer}/${low}`, message: `${low} ${node[low]} is above ${high} ${node[high]}: no value can pass`, hint: `make ${low} at most ${high}` });
      }
    }
    if (Array.isArray(node.enum) && node.default !== undefined && !node.enum.some((v) => JSON.stringify(v) === JSON.stringify(node.default))) {
      out.push({ pointer: `${pointer}/default`, message: `default ${JSON.stringify(node.default)} is not one of the enum values`, hint: didYouMean(String(node.default), node.enum.map(String)) });
    }
    const bad = regexProblem(node.pattern);
    if (bad) out.push({ pointer: `${pointer}/pattern`, message: `pattern does not compile: ${bad}`, hint: 'write an ECMAScript regular expression valid with the u flag' });
    for (const key of Object.keys(isObject(node.patternProperties) ? node.patternProperties : {})) {
      const problem = regexProblem(key);
      if (problem) out.push({ pointer: `${pointer}${toPointer(['patternProperties', key])}`, message: `patternProperties key does not compile: ${problem}`, hint: 'write an ECMAScript regular expression valid with the u flag' });
    }
    if (Array.isArray(node.required) && isObject(node.properties)) {
      const names = Object.keys(node.properties);
      node.required.forEach((name, i) => {
        if (typeof name === 'string' && !names.includes(name)) out.push({ pointer: `${pointer}/required/${i}`, message: `required field '${name}' is not among the properties`, hint: didYouMean(name, names) });
      });
    }
  }
  return out;
}

/** Place a problem of merged schema `id`: in the layer that set the value, else in the schema file. */
function place(defs: DefinitionSet, layers: ResolvedLayers, id: string, problem: Problem): DefinitionError {
  const at = layers.provenance(`/schemas/${escapeSegment(id)}${problem.pointer}`);
  if (at) return { file: at.file, line: at.line, column: at.column, pointer: at.pointer, message: `schema '${id}': ${problem.message}`, hint: problem.hint };
  return errorAt(defs.sources, `schemas/${id}.json`, problem.pointer, `schema '${id}': ${problem.message}`, problem.hint);
}

/** enum and `ui:enumNames` lists of different lengths: at the enum when a layer set it or it has values no label names, else at the uiSchema's list. */
function enumNameProblems(defs: DefinitionSet, layers: ResolvedLayers, id: string): DefinitionError[] {
  const ui = defs.uiSchemas[id];
  const out: DefinitionError[] = [];
  const walk = (uiNode: unknown, schema: unknown, uiPointer: string, schemaPointer: string) => {
    if (!isObject(uiNode) || !isObject(schema)) return;
    const names = uiNode['ui:enumNames'];
    const values = Array.isArray(schema.enum) ? schema.enum : isObject(schema.items) && Array.isArray(schema.items.enum) ? schema.items.enum : undefined;
    if (Array.isArray(names) && values && names.length !== values.length) {
      const enumPointer = Array.isArray(schema.enum) ? `${schemaPointer}/enum` : `${schemaPointer}/items/enum`;
      const at = layers.provenance(`/schemas/${escapeSegment(id)}${enumPointer}`);
      const unlabelled = values.slice(names.length).map((v) => JSON.stringify(v));
      const message = `schema '${id}': ${values.length} enum values but ${names.length} ui:enumNames labels${unlabelled.length ? ` (${unlabelled.join(', ')} unlabelled)` : ''}`;
      const hint = unlabelled.length ? `add a label for ${unlabelled.join(', ')} to ui:enumNames in schemas/${id}.ui.json (one per enum value, in the same order)` : 'give ui:enumNames one label per enum value, in the same order';
      // An enum value without a label is a mistake where the value was added (the schema or the layer that set the enum).
      if (at?.layer) out.push({ file: at.file, line: at.line, column: at.column, pointer: at.pointer, message, hint });
      else if (at && unlabelled.length) out.push(errorAt(defs.sources, at.file, `${at.pointer}/${names.length}`, message, hint));
      else out.push(errorAt(defs.sources, `schemas/${id}.ui.json`, `${uiPointer}/ui:enumNames`, message, hint));
    }
    for (const [key, child] of Object.entries(uiNode)) {
      if (key.startsWith('ui:')) continue;
      const properties = isObject(schema.properties) ? schema.properties : {};
      if (key === 'items') walk(child, schema.items, `${uiPointer}/items`, `${schemaPointer}/items`);
      else if (key in properties) walk(child, properties[key], `${uiPointer}${toPointer([key])}`, `${schemaPointer}${toPointer(['properties', key])}`);
    }
  };
  walk(ui, layers.schemas[id], '', '');
  return out;
}

/**
 * Form and record schemas as every selection sees them (layers merged): the draft-07 meta-schema,
 * unknown keywords (`requried`), a lower bound above its upper bound, regular expressions that do
 * not compile, `required` names no property has, enum and `ui:enumNames` lists of different lengths;
 * each placed in the file that wrote the value. Also unknown schema ids in layers' patches.
 */
export function checkSchemas(defs: DefinitionSet, selections: Record<string, string>[]): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const selection of selections.length ? selections : [{}]) {
    const layers = lintLayers(defs, selection);
    out.push(...layers.errors.filter((e) => e.line > 1 || e.pointer !== ''));
    for (const id of Object.keys(defs.schemas)) {
      for (const problem of schemaProblems(layers.schemas[id])) out.push(place(defs, layers, id, problem));
      out.push(...enumNameProblems(defs, layers, id));
    }
  }
  return out;
}

/**
 * Layers' schema patches naming fields the schema does not have, whatever the patch carries: a layer refines the
 * base's fields and never adds one (a typo such as `yearTrading: { enum: [...] }` would otherwise become a new
 * field that no form shows and no record keeps, and the intended field keeps its base rule).
 */
export function checkSchemaPatches(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  const walk = (file: string, patch: unknown, schema: unknown, pointer: string, id: string) => {
    if (!isObject(patch) || !isObject(schema)) return;
    const known = isObject(schema.properties) ? schema.properties : undefined;
    for (const [name, child] of Object.entries(isObject(patch.properties) ? patch.properties : {})) {
      const at = `${pointer}${toPointer(['properties', name])}`;
      if (known && name in known) walk(file, child, known[name], at, id);
      else if (known) {
        const near = didYouMean(name, Object.keys(known));
        out.push(errorAt(defs.sources, file, at, `schema '${id}' has no field '${name}' to patch (a layer cannot add a field)`, near.startsWith('did you mean') ? near : `patch a field of schemas/${id}.json (${near}), or add '${name}' there first`));
      }
    }
    if (isObject(patch.items)) walk(file, patch.items, schema.items, `${pointer}/items`, id);
  };
  for (const [file, layer] of Object.entries(defs.layerFiles)) {
    const bodies: [string, { schemas?: Record<string, unknown> } | undefined][] = [['', layer], ...Object.entries(layer.layers ?? {}).map(([n, b]) => [toPointer(['layers', n]), b] as [string, typeof b])];
    for (const [at, body] of bodies) {
      for (const [id, patch] of Object.entries(body?.schemas ?? {})) {
        if (defs.schemas[id]) walk(file, patch, defs.schemas[id], `${at}${toPointer(['schemas', id])}`, id);
      }
    }
  }
  return out;
}
