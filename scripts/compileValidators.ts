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
import { join, resolve } from 'node:path';
import { generateFiles, loadDefinitionsFromDir, loadSdl, showDefinitionError as show, writeGenerated } from '../runtime/node';

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, '.generated');

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

try {
  main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
