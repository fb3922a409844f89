/**
 * Persistence: migrations, the PGlite directory lock, jsonb round trips, on both engines. The lock's test opens a
 * database folder (pgliteCopy) itself rather than through a harness: opening, and opening again, is what it tests.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, duplicateNumbers, jsonb, jsonPath, migrate, MIGRATIONS_DIR, openPglite } from '../../../server/db';
import { DATABASES, openTestDatabase, pgliteCopy, ROOT, useHarness } from './harness';

describe.each(DATABASES)('database on %s', (kind) => {
  const t = useHarness(() => openTestDatabase(kind));

  it('applies each migration once', async () => {
    expect(await migrate(t.database)).toEqual([]);
    const rows = await t.database.db.selectFrom('schema_migrations').select('name').execute();
    expect(rows.map((r) => r.name)).toContain('0001_init.sql');
  });

  it('round-trips jsonb objects, arrays and scalars and patches one path atomically', async () => {
    const u = await t.database.db
      .insertInto('users')
      .values({ email: `json-${kind}@demo.example`, brand_id: 'acme-au', region: 'AU', password_hash: null, shortlists: [{ catalogVehicleId: 'CV1' }, 2, 'x'] })
      .returning(['id', 'shortlists'])
      .executeTakeFirstOrThrow();
    expect(u.shortlists).toEqual([{ catalogVehicleId: 'CV1' }, 2, 'x']);
    const app = await t.database.db
      .insertInto('applications')
      .values({ application_type: 'vehicle', application_status: 'draft', brand_id: 'acme-au', region: 'AU', definition_version: 't', record: { scoreboard: { status: 'approvals' } } })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('applications')
      .set({ record: sql`jsonb_set(record, ${jsonPath('scoreboard.statusCreditCheck')}, ${jsonb('approved')}, true)`, version: sql`version + 1` })
      .where('id', '=', app.id)
      .execute();
    const after = await t.database.db.selectFrom('applications').select(['record', 'version']).where('id', '=', app.id).executeTakeFirstOrThrow();
    expect(after.record).toEqual({ scoreboard: { status: 'approvals', statusCreditCheck: 'approved' } });
    expect(after.version).toBe(2);
  });

  it('refuses upper-case e-mails (stored lower-cased)', async () => {
    await expect(t.database.db.insertInto('users').values({ email: 'Upper@demo.example', brand_id: 'acme-au', region: 'AU', password_hash: null }).execute()).rejects.toThrow();
  });
});

describe('migration numbers', () => {
  it('are unique (the one pair that shipped sharing a number stays, never renamed)', () => {
    expect(duplicateNumbers(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')))).toEqual([]);
    expect(duplicateNumbers(['0001_a.sql', '0005_b.sql', '0005_c.sql', '0002_x.sql', '0002_y.sql'])).toEqual(['0005']);
  });
});

describe('PGlite directory lock', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await pgliteCopy();
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a second opener fails at once with a clear message, in this process and in another', async () => {
    const first = await openPglite(join(dir, 'pglite'));
    try {
      await expect(openPglite(join(dir, 'pglite'))).rejects.toBeInstanceOf(DataDirLockedError);
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', '-e', `import('${join(ROOT, 'server/db/index.ts')}').then(m => m.openPglite('${join(dir, 'pglite')}')).then(() => process.exit(0), e => { console.error(e.message); process.exit(3); })`],
        { cwd: ROOT, encoding: 'utf8', timeout: 30_000 },
      );
      expect(child.status).toBe(3);
      expect(child.stderr).toContain(`is already open in process ${process.pid}`);
    } finally {
      await first.close();
    }
    const again = await openPglite(join(dir, 'pglite'));
    await again.close();
  }, 60_000);
});
