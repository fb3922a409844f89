/**
 * `npm run defs:publish [-- --root <dir>] [--check]`: write the published snapshot of the definitions as they are
 * (runtime/node publishDefinitions). Refuses (exit 1) while a removed or renamed step, status or field has no
 * migration. `--check` writes nothing and exits 1 when the file is not up to date.
 */
import { publishDefinitions } from '../runtime/node';

const index = process.argv.indexOf('--root');
const root = index >= 0 ? process.argv[index + 1] : process.cwd();
const { ok, out, err } = publishDefinitions(root, { check: process.argv.includes('--check') });
for (const line of out) console.log(line);
for (const line of err) console.error(line);
process.exitCode = ok ? 0 : 1;
