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
    const metaName = META_FOR[kind] as string;
    const validate = compiled.validators[metaName];
    if (!validate) {
      errors.push({ file, line: 1, column: 1, pointer: '', message: `no meta-schema for ${kind} files`, hint: `add ${META_DIR}${metaName}` });
    } else if (!validate(value)) {
      errors.push(...metaErrors(validate.errors ?? [], file, defs.sources, metaName));
    }
    if (isObject(value)) place(defs, errors, file, kind, value, fragments, schemas, compiled.validators);
  }
  errors.push(...checkReferences(defs), ...checkLayerFiles(defs));
  // Meta-schemas are tooling, not definitions: keep their positions out of the shipped set.
  for (const file of Object.keys(defs.sources)) if (file.startsWith(META_DIR)) delete defs.sources[file];
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
