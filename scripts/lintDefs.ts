/**
 * `npm run lint:defs [-- --root <dir>] [--widgets a,b]`: load and lint the definitions; prints
 * `file:line:column: message (hint)` per finding and exits non-zero when there is any.
 */
import { join } from 'node:path';
import { formatError } from '../runtime/core/source';
import { lintDefinitions } from '../runtime/core/lint';
import { graphqlOperations, loadDefinitionsFromDir } from '../runtime/node';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const root = argument('root') ?? process.cwd();
const { defs, errors } = loadDefinitionsFromDir(root);
const graphqlDir = join(root, defs.config.graphql ?? 'server/graphql');
const operations = graphqlOperations(graphqlDir);
const widgets = argument('widgets')?.split(',').filter(Boolean);
const { findings, notes } = lintDefinitions(defs, { operations, widgets });
const all = [...errors, ...findings];
for (const note of notes) console.log(`note: ${note}${note.startsWith('GraphQL') ? ` (no *.graphql under ${graphqlDir})` : ''}`);
for (const finding of all) console.log(formatError(finding));
console.log(all.length === 0 ? `definitions clean: ${Object.keys(defs.flows).length} flows, ${Object.keys(defs.schemas).length} schemas, ${Object.keys(defs.layerFiles).length} layer files` : `${all.length} finding(s)`);
process.exitCode = all.length === 0 ? 0 : 1;
