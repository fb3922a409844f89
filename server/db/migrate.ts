/** Applies `server/db/migrations/*.sql` in name order, each once, inside a transaction. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DbHandle } from './open';

/** Folder of the SQL migrations. */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Run pending migrations; returns the names applied now. Safe with several servers on PostgreSQL. */
export async function migrate(handle: DbHandle, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
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
