/**
 * Publish the definitions' snapshot (the config's `versions.snapshot`, e.g. definitions.lock.json): per flow its
 * steps and status values, per record root its field paths, and the content hash. Refuses while a removed or renamed
 * step, status or field has no migration: publishing must never hide a change that strands stored records. `check`
 * writes nothing and fails when the file is not up to date. `npm run defs:publish` / `defs:check` print the answer.
 * @example
 * const { ok, out, err } = publishDefinitions(root, { check: true });
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkVersions, formatError, publishSnapshot } from '../core';
import { loadDefinitions } from '../core/load';
import { definitionVersion } from './definitionVersion';
import { readDefinitions } from './readDefinitions';

/** What a publish (or check) did: `ok` false is a refusal or a stale snapshot; `out` and `err` are its lines. */
export interface PublishAnswer {
  ok: boolean;
  out: string[];
  err: string[];
}

/** Publish (or with `check`, compare) the snapshot of the definitions under `root`. */
export function publishDefinitions(root: string, { check = false }: { check?: boolean } = {}): PublishAnswer {
  const files = readDefinitions(root);
  const { defs, errors } = loadDefinitions(files);
  const versions = defs.config.versions;
  if (!versions) return { ok: false, out: [], err: ["fleetform.yaml names no 'versions: { snapshot, migrations }': nothing to publish"] };
  const blocking = [...errors, ...checkVersions(defs).filter((f) => !f.message.startsWith('no published snapshot'))];
  if (blocking.length) {
    return {
      ok: false,
      out: [],
      err: [...blocking.map(formatError), `${blocking.length} finding(s): not published. Map each removed or renamed name in a migration (docs/analysts-guide.md 'Changing published definitions'), then publish again.`],
    };
  }
  const version = definitionVersion(files, versions.snapshot);
  const snapshot = publishSnapshot(defs, version);
  const text = `${JSON.stringify(snapshot, null, 2)}\n`;
  const path = join(root, versions.snapshot);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (check) {
    const current = before === text;
    return { ok: current, out: [current ? `${versions.snapshot} is up to date (version ${version})` : `${versions.snapshot} differs from the definitions (version ${version}): npm run defs:publish`], err: [] };
  }
  writeFileSync(path, text);
  const flows = Object.keys(snapshot.flows).length;
  return { ok: true, out: [`${before === text ? 'unchanged' : 'published'}: ${versions.snapshot} at version ${version} (${flows} flows${defs.migrations ? `, ${Object.keys(defs.migrations).length} migration(s) kept` : ''})`], err: [] };
}
