/**
 * `npm run lint:defs [-- --root <dir>] [--widgets a,b]`: load and lint the definitions; prints
 * `file:line:column: message (hint)` per finding and exits non-zero when there is any.
 */
import { formatError } from '../runtime/core/source';
import { lintDir } from '../runtime/node';

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const root = argument('root') ?? process.cwd();
const widgets = argument('widgets')?.split(',').filter(Boolean);
const { defs, findings, notes, graphqlDir } = lintDir(root, { widgets });
for (const note of notes) console.log(`note: ${note}${note.startsWith('GraphQL') ? ` (no *.graphql under ${graphqlDir})` : ''}`);
for (const finding of findings) console.log(formatError(finding));
console.log(findings.length === 0 ? `definitions clean: ${Object.keys(defs.flows).length} flows, ${Object.keys(defs.schemas).length} schemas, ${Object.keys(defs.layerFiles).length} layer files` : `${findings.length} finding(s)`);
process.exitCode = findings.length === 0 ? 0 : 1;
