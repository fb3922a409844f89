/**
 * Build step before `vite build`: loads the definitions, resolves each region's layers, prepares
 * each form schema and compiles it with ajv standalone (CommonJS + .d.cts; identical variants share
 * one function), then writes the definitions the app imports: `.generated/definitions.ts` (the browser's: the
 * address of each region's core and of each flow's part, JSON files the build emits as they are, runtime/core's
 * `splitBundle`), `.generated/serverDefinitions.ts` (the server render's: a loader per region of its whole bundle,
 * `.generated/bundles/<region>.json`), the parts under `.generated/bundles/<region>/`, `.generated/validators.cjs` (every
 * validator) and one module per validator under `.generated/validators/` (`.generated/validatorFiles.ts` imports each).
 * The browser compiles no schema. Texts and settings are not built in: the server answers them for
 * the page's brand at run time (in the page, and at `/brand.json`), so a brand added after the build
 * shows its own. Only the `startup.*` texts are built in (`startupMessages`, from the layers every
 * selection has): the app shows them before it has a brand, e.g. when the page's configuration is missing.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatError, layerChoices } from '../runtime/core';
import type { DefinitionError, DefinitionSet, JsonSchema } from '../runtime/core/types';
import { routeTable, splitBundle, type BuiltBundle } from '../runtime/core/bundleParts';
import { createBundle, loadDefinitionsFromDir, loadSdl } from '../runtime/node';
import { compileStandalone, validatorName } from './bundle/compileStandalone';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, '.generated');


/** Prefix of the message keys built into the entry (texts shown before the brand is known). */
const STARTUP_PREFIX = 'startup.';

/** Messages starting with `prefix` as the layers every selection has (no placeholder, no `at`) merge them. */
function sharedMessages(defs: DefinitionSet, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const layer of defs.config.layers) {
    if (layer.file.includes('{') || layer.at !== undefined) continue;
    const messages = (defs.layerFiles[layer.file] as { messages?: Record<string, string> } | undefined)?.messages ?? {};
    for (const [key, text] of Object.entries(messages)) if (key.startsWith(prefix)) out[key] = text;
  }
  return out;
}

const show = (e: DefinitionError | string) => (typeof e === 'string' ? e : formatError(e));

/** What {@link generateFiles} builds: `.generated/`'s files (relative path -> text) and its figures. */
export interface Generated {
  files: Record<string, string>;
  /** The ajv standalone module (CommonJS), also `files['validators.cjs']`. */
  validators: string;
  selections: number;
  distinct: number;
  regions: string[];
}

/**
 * Builds every region's bundle and the standalone validators from a loaded definition set (no disk
 * writes); throws with every problem when a bundle cannot be built. The studio calls it on each save.
 */
export function generateFiles(defs: DefinitionSet, sdl: ReturnType<typeof loadSdl>[]): Generated {
  const regions = layerChoices(defs).region ?? [];
  const selections: Record<string, string>[] = regions.map((region) => ({ region }));
  const validators = new Map<string, JsonSchema>();
  const bundles: Record<string, BuiltBundle> = {};
  const problems: string[] = [];
  for (const selection of selections) {
    const { bundle, errors: bundleErrors } = createBundle(defs, selection, sdl);
    problems.push(...bundleErrors.map((e) => `${JSON.stringify(selection)}: ${show(e)}`));
    const names: Record<string, string> = {};
    for (const [id, schema] of Object.entries(bundle.schemas)) {
      const name = validatorName(schema);
      validators.set(name, schema);
      names[id] = name;
    }
    const { selection: _selection, messages: _messages, settings: _settings, ...built } = bundle;
    bundles[selection.region] = { ...built, validators: names };
  }
  if (problems.length) throw new Error(problems.join('\n'));

  const startupMessages = sharedMessages(defs, STARTUP_PREFIX);
  if (Object.keys(startupMessages).length === 0) throw new Error(`no ${STARTUP_PREFIX}* message in the layers every selection has (base catalogues)`);

  const { code, types, modules } = compileStandalone(validators);
  const files: Record<string, string> = { 'validators.cjs': code, 'validators.d.cts': types };
  // One module per validator, so a form fetches its own (the app's `loadValidators`); validators.cjs has them all (the studio, benches).
  for (const [name, module] of Object.entries(modules)) {
    files[`validators/${name}.cjs`] = module;
    files[`validators/${name}.d.cts`] = `import type { CompiledValidator } from '../../runtime/react';\nexport declare const ${name}: CompiledValidator;\n`;
  }
  files['validatorFiles.ts'] = [
    '// Generated by scripts/compileValidators.ts. Do not edit.',
    '/** Validator name -> its module (ajv standalone, CommonJS: the validator is its export of that name). */',
    'export const validatorFiles: Record<string, () => Promise<Record<string, unknown>>> = {',
    ...Object.keys(modules).map((name) => `  ${name}: () => import('./validators/${name}.cjs'),`),
    '};',
    '',
  ].join('\n');
  const imports: string[] = [];
  /** An import of a definitions file's address (the build emits the file as it is, never inlined), as an identifier. */
  const url = (file: string) => {
    const name = `file${imports.length}`;
    imports.push(`import ${name} from './${file}?url&no-inline';`);
    return name;
  };
  const regionLines: string[] = [];
  for (const id of regions) {
    files[`bundles/${id}.json`] = JSON.stringify(bundles[id]);
    const { core, parts } = splitBundle(bundles[id]);
    files[`bundles/${id}/core.json`] = JSON.stringify(core);
    const partLines = Object.entries(parts).map(([flowId, part]) => {
      files[`bundles/${id}/flows/${flowId}.json`] = JSON.stringify(part);
      return `${JSON.stringify(flowId)}: ${url(`bundles/${id}/flows/${flowId}.json`)}`;
    });
    const routes = JSON.stringify(routeTable(bundles[id].flows));
    regionLines.push(`  ${JSON.stringify(id)}: { core: ${url(`bundles/${id}/core.json`)}, parts: { ${partLines.join(', ')} }, routes: ${routes} },`);
  }
  files['definitions.ts'] = [
    '// Generated by scripts/compileValidators.ts. Do not edit.',
    ...imports,
    "import type { DefinitionFiles } from '../runtime/core/bundleParts';",
    "/** Region -> the addresses of its core and of each flow's part (JSON; texts and settings come with the page), and its route table. */",
    'export const definitions: Record<string, DefinitionFiles> = {',
    ...regionLines,
    '};',
    `/** The ${STARTUP_PREFIX}* texts of the base catalogues: shown before the page's brand is known. */`,
    `export const startupMessages: Record<string, string> = ${JSON.stringify(startupMessages, null, 2)};`,
    '',
  ].join('\n');
  files['serverDefinitions.ts'] = [
    '// Generated by scripts/compileValidators.ts. Do not edit.',
    "import type { BuiltBundle } from '../runtime/core/bundleParts';",
    "/** Region -> its whole bundle (the server render's; texts and settings come from the request's brand). */",
    'export const bundles: Record<string, () => Promise<BuiltBundle>> = {',
    ...regions.map((id) => `  ${JSON.stringify(id)}: () => import('./bundles/${id}.json').then((m) => m.default as unknown as BuiltBundle),`),
    '};',
    '',
  ].join('\n');
  return { files, validators: code, selections: selections.length, distinct: validators.size, regions };
}

/** Replaces `out` with `files` (a removed region leaves no stale bundle behind). */
export function writeGenerated(out: string, files: Record<string, string>): void {
  rmSync(out, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(out, name)), { recursive: true });
    writeFileSync(join(out, name), text);
  }
}

function main(): void {
  const started = performance.now();
  const { defs, errors } = loadDefinitionsFromDir(ROOT);
  if (errors.length) throw new Error(`definitions have errors:\n${errors.map(show).join('\n')}`);
  const sdl = [loadSdl(join(ROOT, defs.config.graphql ?? 'server/graphql'))];
  const generated = generateFiles(defs, sdl);
  writeGenerated(OUT, generated.files);
  const ms = Math.round(performance.now() - started);
  console.log(`compileValidators: ${generated.selections} selections, ${generated.distinct} distinct validators, ${generated.regions.length} bundles -> .generated/ (${ms} ms)`);
}

// Run as a script (npm run generate), not when imported (the studio).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
