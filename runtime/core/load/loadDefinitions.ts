import type { ConfigDef, DefinitionError, DefinitionSet, ExtensionManifest, FlowDef, JsonSchema, LayerDef, MigrationDef, PublishedSnapshot } from '../types';
import { errorAt, parseSource, type ParsedSource } from '../source';
import { CONFIG_FILE, META_DIR, META_FOR, classifyFile, schemaIdOf, type FileKind } from './classifyFiles';
import { BLOCK, compileMetaSchemas, metaErrors, type MetaValidators } from './metaValidate';
import { checkReferences } from './checkReferences';
import { checkLayerFiles } from './checkLayerFiles';
import { collectFragments, expandFragments, type Fragments } from './expandFragments';
import type { MappingDef } from './mappings';
import { expandQueryState } from './queryState';

/** What {@link loadDefinitions} returns: the definition set and every problem found. */
export interface LoadResult {
  defs: DefinitionSet;
  errors: DefinitionError[];
}

/** Options of {@link loadDefinitions}. */
export interface LoadOptions {
  /**
   * Parsed files of an earlier load, reused where the text is unchanged (a development server that loads
   * again on every save parses only the files that changed); filled as it goes. Keep one per folder.
   */
  cache?: ParseCache;
  /**
   * The files and result of the load before this one (a studio or development server loading again after an edit).
   * When the only change is the text of layer files (messages, settings, formats of `fleetform.yaml`'s layers), those
   * files are parsed and checked again and put over the earlier result: flows are not expanded or checked again
   * ({@link reloadLayers}). The answer is the one a full load gives; any other change loads everything.
   */
  previous?: { files: Record<string, string>; result: LoadResult };
}

/** File -> its text and what parsing it gave (see {@link LoadOptions}). */
export type ParseCache = Map<string, { text: string; source: ParsedSource }>;

/** `parseSource`, answered from `cache` when the text is the one parsed before (the value copied: loading changes it). */
function parseCached(file: string, text: string, cache: ParseCache | undefined): ParsedSource {
  if (!cache) return parseSource(file, text);
  const hit = cache.get(file);
  if (hit && hit.text === text) return { ...hit.source, value: structuredClone(hit.source.value) };
  const source = parseSource(file, text);
  cache.set(file, { text, source: { ...source, value: structuredClone(source.value) } });
  return source;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Parse, meta-validate and cross-check a definition set given as `relative path -> text`.
 * Uses ajv (server and scripts only); the browser imports the resulting `defs` as JSON.
 * @example
 * const { defs, errors } = loadDefinitions(readDefinitions('.'));
 * if (errors.length) console.error(errors.map(formatError).join('\n'));
 */
export function loadDefinitions(files: Record<string, string>, options: LoadOptions = {}): LoadResult {
  const quick = options.previous && reloadLayers(files, options.previous, options.cache);
  if (quick) return quick;
  const errors: DefinitionError[] = [];
  const defs: DefinitionSet = { config: { layers: [] }, flows: {}, flowFiles: {}, schemas: {}, uiSchemas: {}, layerFiles: {}, sources: {} };
  const parsed: Record<string, unknown> = {};
  for (const [file, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    const source = parseCached(file, text, options.cache);
    defs.sources[file] = source.positions;
    errors.push(...source.errors);
    if (source.errors.length === 0) parsed[file] = source.value;
  }

  if (!(CONFIG_FILE in files)) {
    errors.push({ file: CONFIG_FILE, line: 1, column: 1, pointer: '', message: 'config file missing', hint: `create ${CONFIG_FILE} with a 'layers' list` });
  }
  const configValue = parsed[CONFIG_FILE];
  const config = isObject(configValue) && Array.isArray(configValue.layers) ? (configValue as unknown as ConfigDef) : undefined;
  if (config) defs.config = config;

  const metas: Record<string, unknown> = {};
  for (const [file, value] of Object.entries(parsed)) {
    if (file.startsWith(META_DIR) && file.endsWith('.json')) metas[file.slice(META_DIR.length)] = value;
  }
  const compiled = compileMetaSchemas(metas);
  validatorsOf.set(defs, compiled.validators);
  for (const problem of compiled.errors) errors.push({ file: META_DIR, line: 1, column: 1, pointer: '', message: `meta-schema does not compile: ${problem}` });

  const fragmentFiles = Object.fromEntries(Object.entries(parsed).filter(([file]) => classifyFile(file, config) === 'fragment'));
  const { fragments, errors: fragmentErrors } = collectFragments(fragmentFiles, defs.sources);
  errors.push(...fragmentErrors);
  // Mappings are kept (besides expanded where used) so lint can check their fields against both sides.
  for (const f of Object.values(fragments)) if (f.kind === 'mapping') (defs.mappings ??= {})[f.name] = { file: f.file, pointer: f.pointer, mapping: f.value as MappingDef };

  // Base schemas by id, for flows that declare query state by a schema (queryState).
  const schemas = Object.fromEntries(Object.entries(parsed).filter(([file]) => classifyFile(file, config) === 'schema').map(([file, value]) => [schemaIdOf(file), value]));
  for (const [file, value] of Object.entries(parsed)) {
    const kind = classifyFile(file, config);
    if (kind === 'other' || kind === 'meta') continue;
    errors.push(...metaCheck(file, kind, value, compiled.validators, defs.sources));
    if (isObject(value)) place(defs, errors, file, kind, value, fragments, schemas, compiled.validators);
  }
  errors.push(...checkReferences(defs), ...checkLayerFiles(defs));
  // Meta-schemas are tooling, not definitions: keep their positions out of the shipped set.
  for (const file of Object.keys(defs.sources)) if (file.startsWith(META_DIR)) delete defs.sources[file];
  return { defs, errors };
}

/** The meta-schema's findings on one parsed file of `kind`. */
function metaCheck(file: string, kind: FileKind, value: unknown, validators: MetaValidators, sources: DefinitionSet['sources']): DefinitionError[] {
  const metaName = META_FOR[kind] as string;
  const validate = validators[metaName];
  if (!validate) return [{ file, line: 1, column: 1, pointer: '', message: `no meta-schema for ${kind} files`, hint: `add ${META_DIR}${metaName}` }];
  return validate(value) ? [] : metaErrors(validate.errors ?? [], file, sources, metaName);
}

/** The meta-schemas' validators each loaded set was checked with (what {@link reloadLayers} checks changed layer files with). */
const validatorsOf = new WeakMap<DefinitionSet, MetaValidators>();

/**
 * The load of `files` when they differ from `previous.files` only in the text of layer files (same file names, same
 * config), else undefined. Each changed layer file is parsed (through `cache`), meta-validated and checked
 * ({@link checkLayerFiles}) again; everything else (flows expanded and checked, schemas, fragments, their errors) is
 * the previous result's. The sets' keys keep the full load's order (files sorted), so the result is the one
 * {@link loadDefinitions} gives without `previous`, but for the order of the errors.
 */
function reloadLayers(files: Record<string, string>, previous: NonNullable<LoadOptions['previous']>, cache: ParseCache | undefined): LoadResult | undefined {
  const before = previous.result.defs;
  const validators = validatorsOf.get(before);
  const names = Object.keys(files).sort((a, b) => a.localeCompare(b));
  if (!validators || names.length !== Object.keys(previous.files).length || files[CONFIG_FILE] !== previous.files[CONFIG_FILE]) return undefined;
  const changed = new Set<string>();
  for (const file of names) {
    if (!(file in previous.files)) return undefined;
    if (files[file] === previous.files[file]) continue;
    if (classifyFile(file, before.config) !== 'layer') return undefined;
    changed.add(file);
  }
  if (!changed.size) return previous.result;
  const defs: DefinitionSet = { ...before, layerFiles: {}, sources: {} };
  validatorsOf.set(defs, validators);
  const errors = previous.result.errors.filter((e) => !changed.has(e.file));
  const parsed: Record<string, unknown> = {};
  for (const file of names) {
    if (file.startsWith(META_DIR)) continue;
    if (!changed.has(file)) {
      if (file in before.sources) defs.sources[file] = before.sources[file];
      continue;
    }
    const source = parseCached(file, files[file], cache);
    defs.sources[file] = source.positions;
    errors.push(...source.errors);
    if (source.errors.length === 0) parsed[file] = source.value;
  }
  for (const file of names) {
    if (classifyFile(file, before.config) !== 'layer') continue;
    if (!changed.has(file)) {
      if (before.layerFiles[file]) defs.layerFiles[file] = before.layerFiles[file];
      continue;
    }
    if (!(file in parsed)) continue;
    errors.push(...metaCheck(file, 'layer', parsed[file], validators, defs.sources));
    if (isObject(parsed[file])) defs.layerFiles[file] = parsed[file] as unknown as LayerDef;
  }
  errors.push(...checkLayerFiles({ ...defs, layerFiles: Object.fromEntries([...changed].filter((f) => f in defs.layerFiles).map((f) => [f, defs.layerFiles[f]])) }));
  return { defs, errors };
}

function place(defs: DefinitionSet, errors: DefinitionError[], file: string, kind: FileKind, raw: Record<string, unknown>, fragments: Fragments, schemas: Record<string, unknown>, validators: MetaValidators): void {
  let value = raw;
  switch (kind) {
    case 'flow': {
      // Fragments are expanded here, once: the server, lint and the browser bundle all see the expanded flow.
      const expanded = expandFragments(raw, file, fragments, defs.sources, validators[BLOCK], defs.config.record?.upload);
      errors.push(...expanded.errors);
      value = expanded.value as Record<string, unknown>;
      errors.push(...expandQueryState(value, file, schemas, defs.sources, expanded.positions));
      defs.sources[file] = expanded.positions;
      const id = typeof value.id === 'string' ? value.id : file;
      if (id in defs.flows) {
        errors.push(errorAt(defs.sources, file, '/id', `flow id '${id}' is already used by ${defs.flowFiles[id]}`, 'give each flow a unique id'));
        return;
      }
      defs.flows[id] = value as unknown as FlowDef;
      defs.flowFiles[id] = file;
      return;
    }
    case 'schema':
      defs.schemas[schemaIdOf(file)] = value as JsonSchema;
      return;
    case 'uiSchema':
      defs.uiSchemas[schemaIdOf(file)] = value;
      return;
    case 'layer':
      defs.layerFiles[file] = value as unknown as LayerDef;
      return;
    case 'manifest':
      defs.manifest = value as ExtensionManifest;
      return;
    case 'settingsSchema':
      defs.settingsSchema = value as JsonSchema;
      return;
    case 'snapshot':
      defs.published = value as unknown as PublishedSnapshot;
      return;
    case 'migration':
      (defs.migrations ??= {})[file] = value as MigrationDef;
      return;
    default:
      return;
  }
}
