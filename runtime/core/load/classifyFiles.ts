import type { ConfigDef } from '../types';

/** What a definition file is, decided by its path and the config's layer patterns. */
export type FileKind = 'config' | 'layer' | 'flow' | 'fragment' | 'schema' | 'uiSchema' | 'meta' | 'manifest' | 'settingsSchema' | 'snapshot' | 'migration' | 'other';

/** The config file's path inside a definition set. */
export const CONFIG_FILE = 'fleetform.yaml';
/** Folder of the shared fragments (roles, block lists, path lists) flows name with `use`. */
export const FRAGMENT_DIR = 'fragments/';
/** Folder of the meta-schemas inside a definition set. */
export const META_DIR = 'schemas/meta/';

/** A regex matching a layer file pattern (`layers/{x}.yaml`), capturing placeholders by name. */
export function patternRegex(pattern: string): RegExp {
  const source = pattern
    .split(/(\{[A-Za-z0-9_]+\})/)
    .map((part) => (/^\{[A-Za-z0-9_]+\}$/.test(part) ? `(?<${part.slice(1, -1)}>[^/]+)` : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

/** Classify one file path. */
export function classifyFile(path: string, config: ConfigDef | undefined): FileKind {
  if (path === CONFIG_FILE) return 'config';
  if (config?.manifest && path === config.manifest) return 'manifest';
  if (config?.settingsSchema && path === config.settingsSchema) return 'settingsSchema';
  if (config?.versions && path === config.versions.snapshot) return 'snapshot';
  if (config?.versions && path.startsWith(config.versions.migrations.replace(/\/?$/, '/')) && /\.ya?ml$/.test(path)) return 'migration';
  if (config?.layers.some((layer) => patternRegex(layer.file).test(path))) return 'layer';
  if (path.startsWith(META_DIR)) return path.endsWith('.json') ? 'meta' : 'other';
  if (path.startsWith('schemas/') && path.endsWith('.ui.json')) return 'uiSchema';
  if (path.startsWith('schemas/') && path.endsWith('.json')) return 'schema';
  if (path.startsWith('flows/') && /\.ya?ml$/.test(path)) return 'flow';
  if (path.startsWith(FRAGMENT_DIR) && /\.ya?ml$/.test(path)) return 'fragment';
  return 'other';
}

/** Schema id of a schema file: its path under `schemas/` without `.json` / `.ui.json`. */
export function schemaIdOf(path: string): string {
  return path.replace(/^schemas\//, '').replace(/(\.ui)?\.json$/, '');
}

/** Meta-schema file (under `schemas/meta/`) each kind is validated against. */
export const META_FOR: Partial<Record<FileKind, string>> = {
  config: 'config.json',
  layer: 'layer.json',
  flow: 'flow.json',
  fragment: 'fragments.json',
  schema: 'formSchema.json',
  uiSchema: 'uiSchema.json',
  manifest: 'manifest.json',
  settingsSchema: 'formSchema.json',
  snapshot: 'snapshot.json',
  migration: 'migration.json',
};
