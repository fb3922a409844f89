import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { DefinitionError, DefinitionSet, JsonSchema, LayerDef } from '../types';
import { didYouMean, errorAt, getAtPointer, toPointer } from '../source';
import { patternRegex } from '../load/classifyFiles';
import { fillPattern, layerChoices, layerCombinations, placeholdersOf } from '../layers/layerChoices';

/** Annotations of the settings schema lint acts on. */
const ANNOTATIONS = ['x-unique', 'x-serves', 'x-registered'] as const;

/** A settings path an annotation sits on (`*` for any array item). */
interface Annotated {
  path: string[];
  keyword: (typeof ANNOTATIONS)[number];
  value: unknown;
}

/** A layer body (the file itself, or a nested `layers.<name>`) with the pointer it sits at. */
interface Body {
  file: string;
  at: string;
  body: LayerDef;
}

const compiled = new WeakMap<JsonSchema, ValidateFunction | string>();

function validatorFor(schema: JsonSchema): ValidateFunction | string {
  const hit = compiled.get(schema);
  if (hit) return hit;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false });
  addFormats(ajv);
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  let out: ValidateFunction | string;
  try {
    out = ajv.compile({ ...schema, $id: undefined });
  } catch (e) {
    out = (e as Error).message;
  }
  compiled.set(schema, out);
  return out;
}

function bodiesOf(defs: DefinitionSet): Body[] {
  return Object.entries(defs.layerFiles).flatMap(([file, layer]) => [
    { file, at: '', body: layer },
    ...Object.entries(layer.layers ?? {}).map(([name, body]) => ({ file, at: toPointer(['layers', name]), body: body as LayerDef })),
  ]);
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The paths of the settings schema carrying an annotation (through properties, items and local $refs). */
function annotatedPaths(root: JsonSchema): Annotated[] {
  const out: Annotated[] = [];
  const resolve = (node: unknown): Record<string, unknown> | undefined => {
    for (let i = 0; isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && i < 10; i++) {
      node = getAtPointer(root, node.$ref.slice(1));
    }
    return isObject(node) ? node : undefined;
  };
  const walk = (raw: unknown, path: string[], depth: number) => {
    const node = resolve(raw);
    if (!node || depth > 12) return;
    for (const keyword of ANNOTATIONS) if (keyword in node) out.push({ path, keyword, value: node[keyword] });
    for (const [name, child] of Object.entries(isObject(node.properties) ? node.properties : {})) walk(child, [...path, name], depth + 1);
    if (isObject(node.items)) walk(node.items, [...path, '*'], depth + 1);
  };
  walk(root, [], 0);
  return out;
}

/** The values at a settings path with their pointers (`*` expands array items). */
function valuesAt(settings: unknown, path: string[], pointer: string): { value: unknown; pointer: string }[] {
  if (path.length === 0) return settings === undefined ? [] : [{ value: settings, pointer }];
  const [head, ...rest] = path;
  if (head === '*') return Array.isArray(settings) ? settings.flatMap((v, i) => valuesAt(v, rest, `${pointer}/${i}`)) : [];
  return isObject(settings) && head in settings ? valuesAt(settings[head], rest, `${pointer}${toPointer([head])}`) : [];
}

const dotted = (instancePath: string, extra?: string) =>
  ['settings', ...instancePath.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')), ...(extra === undefined ? [] : [extra])].join('.');

/** One finding for an ajv error of a layer's settings. */
function settingError(defs: DefinitionSet, { file, at }: Body, error: ErrorObject, schemaFile: string): DefinitionError {
  const base = `${at}/settings${error.instancePath}`;
  const parent = (error.parentSchema ?? {}) as JsonSchema;
  const described = typeof parent.description === 'string' ? parent.description : undefined;
  switch (error.keyword) {
    case 'additionalProperties': {
      const name = (error.params as { additionalProperty: string }).additionalProperty;
      const known = Object.keys((parent.properties as object) ?? {});
      const hint = didYouMean(name, known);
      return errorAt(defs.sources, file, `${base}${toPointer([name])}`, `'${dotted(error.instancePath, name)}' is no known setting`,
        hint.startsWith('did you mean') ? hint : `${hint}; a new setting is declared in ${schemaFile}`);
    }
    case 'type':
      return errorAt(defs.sources, file, base, `'${dotted(error.instancePath)}' must be ${(error.params as { type: string }).type}, here ${JSON.stringify(error.data)}`, described ?? `write a ${(error.params as { type: string }).type}`);
    case 'pattern':
    case 'format':
      return errorAt(defs.sources, file, base, `'${dotted(error.instancePath)}' is not valid here: ${JSON.stringify(error.data)}`, described ?? `must ${error.message}`);
    case 'enum':
      return errorAt(defs.sources, file, base, `'${dotted(error.instancePath)}' is ${JSON.stringify(error.data)}, not one of its values`,
        didYouMean(String(error.data), ((error.params as { allowedValues: unknown[] }).allowedValues ?? []).map(String)));
    default:
      return errorAt(defs.sources, file, base, `'${dotted(error.instancePath)}' ${error.message}`, described ?? `see ${schemaFile}`);
  }
}

/**
 * Settings of every layer (base, overlays, nested layers) against the config's settings schema, each
 * layer on its own: unknown keys (with did-you-mean), wrong types and shapes. Then the schema's
 * annotations: `x-unique` values given by two layer files, `x-serves` values no layer file has,
 * `x-registered: <list>` values the extension manifest's list of that name does not hold.
 */
export function checkSettings(defs: DefinitionSet): DefinitionError[] {
  const schema = defs.settingsSchema;
  const schemaFile = defs.config.settingsSchema ?? 'the settings schema';
  if (!schema) return [];
  const validate = validatorFor(schema);
  if (typeof validate === 'string') return [{ file: schemaFile, line: 1, column: 1, pointer: '', message: `settings schema does not compile: ${validate}`, hint: 'fix the schema' }];
  const out: DefinitionError[] = [];
  const bodies = bodiesOf(defs);
  for (const body of bodies) {
    if (body.body?.settings === undefined || validate(body.body.settings)) continue;
    const seen = new Set<string>();
    for (const error of validate.errors ?? []) {
      if (error.keyword === 'required') continue; // each layer holds part of the settings
      const finding = settingError(defs, body, error, schemaFile);
      if (seen.has(finding.pointer)) continue;
      seen.add(finding.pointer);
      out.push(finding);
    }
  }
  const choices = layerChoices(defs);
  for (const { path, keyword, value } of annotatedPaths(schema)) {
    const owners = new Map<string, string>();
    for (const body of [...bodies].sort((a, b) => a.file.localeCompare(b.file))) {
      for (const found of valuesAt(body.body?.settings, path, `${body.at}/settings`)) {
        const text = String(found.value);
        if (keyword === 'x-unique') {
          const owner = owners.get(text);
          if (owner === undefined) owners.set(text, body.file);
          else out.push(errorAt(defs.sources, body.file, found.pointer, `'${text}' is already given by ${owner} (settings.${path.filter((p) => p !== '*').join('.')})`, `one value, one owner: remove it here or from ${owner}`));
        } else if (keyword === 'x-registered' && typeof value === 'string') {
          const registered = ((defs.manifest ?? {}) as Record<string, unknown>)[value];
          const names = Array.isArray(registered) ? registered.map(String) : [];
          if (!names.includes(text)) {
            const where = `register it and list it under ${value} in ${defs.config.manifest ?? 'the extension manifest'}`;
            out.push(errorAt(defs.sources, body.file, found.pointer, `'${text}' is no registered ${value} entry (${names.join(', ') || 'none'})`, didYouMean(text, names) ?? where));
          }
        } else if (keyword === 'x-serves' && typeof value === 'string') {
          const known = choices[value] ?? [];
          if (!known.includes(text)) out.push(errorAt(defs.sources, body.file, found.pointer, `'${text}' is no known value of {${value}}`, didYouMean(text, known)));
        }
      }
    }
  }
  // A nested layer (e.g. a brand-for-region body) for a value its own file does not serve never applies.
  for (const layer of defs.config.layers) {
    const last = /^\/layers\/\{([A-Za-z0-9_]+)\}$/.exec(layer.at ?? '');
    if (!last) continue;
    const paths = annotatedPaths(schema).filter((a) => a.keyword === 'x-serves' && a.value === last[1]);
    const regex = patternRegex(layer.file);
    for (const [file, content] of Object.entries(defs.layerFiles)) {
      if (!regex.test(file)) continue;
      const served = paths.flatMap(({ path }) => valuesAt(content.settings, path, '').map((v) => String(v.value)));
      if (served.length === 0) continue;
      for (const name of Object.keys(content.layers ?? {})) {
        if (!served.includes(name) && (choices[last[1]] ?? []).includes(name)) {
          out.push(errorAt(defs.sources, file, toPointer(['layers', name]), `layer '${layer.name}' for ${last[1]} '${name}' never applies: this file serves ${served.join(', ')}`, `add '${name}' to the values it serves, or remove this layer`));
        }
      }
    }
  }
  return out;
}

/**
 * Every full selection some layer file serves: the combinations of {@link layerCombinations} less
 * those pairing a layer file with a value its `x-serves` settings (e.g. a brand's regions) leave out.
 */
export function servedCombinations(defs: DefinitionSet): Record<string, string>[] {
  const all = layerCombinations(defs);
  const schema = defs.settingsSchema;
  if (!schema) return all;
  const serves = annotatedPaths(schema).filter((a) => a.keyword === 'x-serves' && typeof a.value === 'string');
  if (serves.length === 0) return all;
  const layers = defs.config.layers.filter((l) => l.at === undefined && placeholdersOf(l.file).length > 0);
  return all.filter((selection) => layers.every((layer) => {
    const file = fillPattern(layer.file, selection);
    const settings = file === undefined ? undefined : defs.layerFiles[file]?.settings;
    return serves.every(({ path, value }) => {
      const name = value as string;
      if (placeholdersOf(layer.file).includes(name) || selection[name] === undefined) return true;
      const values = valuesAt(settings, path, '').map((v) => String(v.value));
      return values.length === 0 || values.includes(selection[name]);
    });
  }));
}

/** Layer files named by a one-placeholder pattern must carry that name as their `id` (`brands/x.yaml`: `id: x`). */
export function checkLayerIds(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const layer of defs.config.layers) {
    const names = placeholdersOf(layer.file);
    if (layer.at !== undefined || names.length !== 1) continue;
    const regex = patternRegex(layer.file);
    for (const [file, content] of Object.entries(defs.layerFiles)) {
      const value = regex.exec(file)?.groups?.[names[0]];
      if (value === undefined || content?.id === undefined || content.id === value) continue;
      out.push(errorAt(defs.sources, file, '/id', `id '${content.id}' is not the file's name '${value}' (the {${names[0]}} it is selected by)`, `write id: ${value}, or rename the file`));
    }
  }
  return out;
}
