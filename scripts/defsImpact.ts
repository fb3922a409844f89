/**
 * `npm run defs:impact [-- --root <dir>]`: how many stored applications the working definitions' removals
 * and renames (relative to the published snapshot) would strand, and how many their migrations move when
 * the server next reads them. Reads `DATABASE_URL` (PostgreSQL) or the PGlite database under `DATA_DIR`
 * (default ./data; PGlite allows one process: stop `npm start` first). Reads only; always exits 0.
 * @example DATA_DIR=./data npm run defs:impact
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { affects, changeLabel, unpublishedChanges } from '../runtime/core';
import { loadDefinitions } from '../runtime/core/load';
import { definitionVersion, readDefinitions } from '../runtime/node';
import { openPglite, openPostgres, pgliteDirOf, type DbHandle } from '../server/db';
import { mainFlowId, SHARED_FLOWS } from '../server/enforce/journeys';

const argument = (name: string): string | undefined => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const PAGE = 500;

async function open(): Promise<{ handle: DbHandle; where: string } | null> {
  if (process.env.DATABASE_URL) return { handle: await openPostgres(process.env.DATABASE_URL, 2), where: 'DATABASE_URL' };
  const dir = pgliteDirOf(resolve(process.env.DATA_DIR ?? './data'));
  if (!existsSync(join(dir, 'PG_VERSION'))) return null;
  return { handle: await openPglite(dir), where: dir };
}

async function main(): Promise<void> {
  const root = argument('root') ?? process.cwd();
  const files = readDefinitions(root);
  const { defs } = loadDefinitions(files);
  if (!defs.published) {
    console.log(`no published snapshot${defs.config.versions ? ` (${defs.config.versions.snapshot})` : ''}: run npm run defs:publish first`);
    return;
  }
  const version = definitionVersion(files, defs.config.versions?.snapshot);
  const changes = unpublishedChanges(defs);
  console.log(`definitions ${version} against the published ${defs.published.version}: ${changes.length} removal(s) or rename(s), ${changes.filter((c) => !c.covered).length} without a migration`);
  const opened = await open();
  if (!opened) {
    console.log(`no database: set DATABASE_URL, or DATA_DIR to a folder holding pglite/ (looked in ${pgliteDirOf(resolve(process.env.DATA_DIR ?? './data'))})`);
    return;
  }
  const { handle, where } = opened;
  const counts = changes.map(() => 0);
  let total = 0;
  let older = 0;
  const stranded = new Set<string>();
  try {
    let last = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const rows = await handle.db.selectFrom('applications').select(['id', 'application_type', 'definition_version', 'record']).where('id', '>', last).orderBy('id').limit(PAGE).execute();
      for (const row of rows) {
        total++;
        if (row.definition_version !== version) older++;
        const flows = [mainFlowId(row.application_type), ...SHARED_FLOWS];
        changes.forEach((change, i) => {
          if (!affects(change, row.record ?? {}, flows)) return;
          counts[i]++;
          if (!change.covered) stranded.add(row.id);
        });
      }
      if (rows.length < PAGE) break;
      last = rows[rows.length - 1].id;
    }
  } finally {
    await handle.close();
  }
  console.log(`${total} application(s) in ${where}; ${older} on other definitions than these (brought to them when next read)\n`);
  const table = changes.map((c, i) => [changeLabel(c), c.covered ? 'migration' : 'NONE', c.kind === 'step' || c.kind === 'flow' ? 'not stored' : String(counts[i])]);
  const header = ['removed or renamed', 'mapped by', 'applications holding it'];
  const widths = header.map((h, col) => Math.max(h.length, ...table.map((r) => r[col].length)));
  const line = (cells: string[]) => cells.map((cell, col) => cell.padEnd(widths[col])).join('  ').trimEnd();
  if (table.length) console.log(`${[line(header), line(widths.map((w) => '-'.repeat(w))), ...table.map(line)].join('\n')}\n`);
  console.log(stranded.size
    ? `${stranded.size} application(s) would be stranded: write the migrations lint asks for (npm run lint:defs), then run this again`
    : 'no application would be stranded: every stored value these changes remove is mapped by a migration (applied when next read)');
}

main().catch((e: unknown) => {
  console.error((e as Error).message);
  process.exitCode = 1;
});
