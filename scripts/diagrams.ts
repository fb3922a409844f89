/**
 * `npm run diagrams [-- --root <dir>] [--out <dir>]`: write a Mermaid diagram of every flow (steps,
 * guarded transitions, `then` chains, status machine) per distinct region x brand rendering, and an
 * index.md embedding them, to .generated/diagrams/ (git-ignored: regenerate, never commit).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { formatError } from '../runtime/core/source';
import { diagramFiles, flowDiagrams, loadDefinitionsFromDir } from '../runtime/node';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const root = resolve(argument('root') ?? process.cwd());
const out = resolve(root, argument('out') ?? '.generated/diagrams');
const { defs, errors } = loadDefinitionsFromDir(root);
for (const error of errors) console.warn(`warning: ${formatError(error)}`);
const diagrams = flowDiagrams(defs);
const files = diagramFiles(diagrams);
// Start clean so a removed flow or variant leaves no stale file behind.
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const [name, text] of Object.entries(files)) writeFileSync(join(out, name), text);
const variants = diagrams.reduce((n, d) => n + d.variants.length - 1, 0);
console.log(`diagrams: ${diagrams.length} flows, ${variants} region/brand variant(s), ${Object.keys(files).length} files -> ${relative(process.cwd(), out) || '.'}/index.md`);
if (errors.length > 0) process.exitCode = 1;
