/** Applies `server/db/migrations/*.sql` in name order, each once, inside a transaction. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DbHandle } from './open';

/** Folder of the SQL migrations. */
export const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/**
 * Numbers two migrations shared before this check existed. A migration that may have run is never
 * renamed (`schema_migrations` records file names), so these stay; every new number must be unique.
 */
const SHARED_BEFORE_CHECK: ReadonlySet<string> = new Set(['0002']);

/** Migration numbers (the digits before the first `_`) used by more than one file, other than those above. */
export function duplicateNumbers(files: string[]): string[] {
  const seen = new Map<string, number>();
  for (const f of files) {
    const number = /^(\d+)_/.exec(f)?.[1] ?? f;
    seen.set(number, (seen.get(number) ?? 0) + 1);
  }
  return [...seen].filter(([n, count]) => count > 1 && !SHARED_BEFORE_CHECK.has(n)).map(([n]) => n);
}

/** Run pending migrations; returns the names applied now. Safe with several servers on PostgreSQL. */
export async function migrate(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  const duplicates = duplicateNumbers(files);
  if (duplicates.length) throw new Error(`migrations in ${dir} share the number ${duplicates.join(', ')}: give the newer file the next free number (never rename one that may have run)`);
  const applied: string[] = [];
  await handle.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  await handle.withSession(async (exec) => {
    // Several instances may start together on PostgreSQL: one migrates, the others wait.
    await exec(`SELECT pg_advisory_lock(727274)`);
    try {
      const done = new Set((await exec<{ name: string }>(`SELECT name FROM schema_migrations`)).map((r) => r.name));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = readFileSync(join(dir, file), 'utf8');
        await exec('BEGIN');
        try {
          await exec(text);
          await exec(`INSERT INTO schema_migrations (name) VALUES ('${file.replace(/'/g, "''")}')`);
          await exec('COMMIT');
        } catch (e) {
          await exec('ROLLBACK');
          throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
        }
        applied.push(file);
      }
    } finally {
      await exec(`SELECT pg_advisory_unlock(727274)`);
    }
  });
  return applied;
}
