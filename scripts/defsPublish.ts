/**
 * `npm run defs:publish [-- --root <dir>] [--check]`: write the published snapshot (the config's
 * `versions.snapshot`, e.g. definitions.lock.json) from the definitions as they are: per flow its steps
 * and status values, per record root its field paths, and the content hash. Refuses (exit 1) while a
 * removed or renamed step, status or field has no migration: publishing must never hide a change that
 * strands stored applications. `--check` writes nothing and exits 1 when the file is not up to date.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadDefinitions } from '../runtime/core/load';
import { checkVersions, formatError, publishSnapshot } from '../runtime/core';
import { definitionVersion, readDefinitions } from '../runtime/node';

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const root = argument('root') ?? process.cwd();
const files = readDefinitions(root);
const { defs, errors } = loadDefinitions(files);
const versions = defs.config.versions;
if (!versions) {
  console.error("fleetform.yaml names no 'versions: { snapshot, migrations }': nothing to publish");
  process.exit(1);
}
const blocking = [...errors, ...checkVersions(defs).filter((f) => !f.message.startsWith('no published snapshot'))];
if (blocking.length) {
  for (const finding of blocking) console.error(formatError(finding));
  console.error(`${blocking.length} finding(s): not published. Map each removed or renamed name in a migration (docs/analysts-guide.md 'Changing published definitions'), then publish again.`);
  process.exit(1);
}
const version = definitionVersion(files, versions.snapshot);
const text = `${JSON.stringify(publishSnapshot(defs, version), null, 2)}\n`;
const path = join(root, versions.snapshot);
const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
if (process.argv.includes('--check')) {
  console.log(before === text ? `${versions.snapshot} is up to date (version ${version})` : `${versions.snapshot} differs from the definitions (version ${version}): npm run defs:publish`);
  process.exitCode = before === text ? 0 : 1;
} else {
  writeFileSync(path, text);
  const flows = Object.keys(JSON.parse(text).flows).length;
  console.log(`${before === text ? 'unchanged' : 'published'}: ${versions.snapshot} at version ${version} (${flows} flows${defs.migrations ? `, ${Object.keys(defs.migrations).length} migration(s) kept` : ''})`);
}
