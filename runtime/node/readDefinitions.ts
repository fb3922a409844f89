import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { parse } from 'yaml';

const CONFIG_FILE = 'fleetform.yaml';
const ALWAYS = ['flows', 'fragments', 'schemas'];
const DEFINITION_FILE = /\.(ya?ml|json)$/;

function walk(root: string, dir: string, out: Record<string, string>): void {
  if (!existsSync(dir)) return;
  if (statSync(dir).isFile()) {
    if (DEFINITION_FILE.test(dir)) out[relative(root, dir).split(sep).join('/')] = readFileSync(dir, 'utf8');
    return;
  }
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    walk(root, join(dir, entry.name), out);
  }
}

/** Top folder (or file) of each path the config names: layer patterns' folders and the manifest. */
function configuredRoots(root: string): string[] {
  const path = join(root, CONFIG_FILE);
  if (!existsSync(path)) return [];
  try {
    const config = parse(readFileSync(path, 'utf8')) as { layers?: { file?: unknown }[]; manifest?: unknown; settingsSchema?: unknown; versions?: { snapshot?: unknown; migrations?: unknown } } | null;
    const roots = (config?.layers ?? []).map((layer) => String(layer.file ?? '').split('/')[0]).filter((p) => p && !p.includes('{'));
    if (typeof config?.manifest === 'string') roots.push(config.manifest);
    if (typeof config?.settingsSchema === 'string') roots.push(config.settingsSchema);
    if (typeof config?.versions?.snapshot === 'string') roots.push(config.versions.snapshot);
    if (typeof config?.versions?.migrations === 'string') roots.push(config.versions.migrations.replace(/\/$/, ''));
    return roots;
  } catch {
    return []; // the loader reports the syntax error with its position
  }
}

/**
 * Read a definitions folder into `relative path -> text`: the config, `flows/`, `fragments/`, `schemas/`, the
 * folders its layer patterns name (e.g. `markets/`, `tenants/`), the extension manifest, the published
 * snapshot and the migrations folder (config `versions`).
 * @example const { defs, errors } = loadDefinitions(readDefinitions(process.cwd()));
 */
export function readDefinitions(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const config = join(root, CONFIG_FILE);
  if (existsSync(config)) out[CONFIG_FILE] = readFileSync(config, 'utf8');
  for (const dir of new Set([...ALWAYS, ...configuredRoots(root)])) walk(root, join(root, dir), out);
  return out;
}
