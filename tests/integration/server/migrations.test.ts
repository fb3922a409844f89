/**
 * Migrations: a database migrated by an earlier main (its SQL files copied under
 * tests/fixtures/migrations/<commit>/) and then by the current ones ends with the schema a fresh
 * migration builds; a folder whose files share a number (other than the pair that shipped) is refused.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, MIGRATIONS_DIR, openPglite, type DbHandle } from '../../../server/db';
import { ROOT } from './harness';
import { scratchDir } from '../../scratch';

const FIXTURES = join(ROOT, 'tests/fixtures/migrations');
const LABELS = readdirSync(FIXTURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);

/**
 * The schema `name` as information_schema and the catalogue describe it: tables, columns, constraints,
 * indexes, routines, triggers, sequences (the schema's own name left out of definitions).
 */
async function schemaOf(db: DbHandle, name: string): Promise<Record<string, unknown[]>> {
  await db.exec(`SET search_path TO ${name}`);
  const q = async (text: string) => JSON.parse(JSON.stringify(await db.exec(text)).replaceAll(`${name}.`, '')) as unknown[];
  const here = `= '${name}'`;
  return {
    tables: await q(`SELECT table_name, table_type FROM information_schema.tables WHERE table_schema ${here} ORDER BY 1`),
    columns: await q(`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, character_maximum_length, numeric_precision FROM information_schema.columns WHERE table_schema ${here} ORDER BY 1, 2`),
    constraints: await q(`SELECT tc.table_name, tc.constraint_name, tc.constraint_type, pg_get_constraintdef(c.oid) AS definition
      FROM information_schema.table_constraints tc JOIN pg_constraint c ON c.conname = tc.constraint_name AND c.connamespace = '${name}'::regnamespace
      WHERE tc.table_schema ${here} ORDER BY 1, 2`),
    indexes: await q(`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname ${here} ORDER BY 1, 2`),
    routines: await q(`SELECT routine_name, routine_type, data_type FROM information_schema.routines WHERE routine_schema ${here} ORDER BY 1`),
    triggers: await q(`SELECT event_object_table, trigger_name, event_manipulation, action_statement FROM information_schema.triggers WHERE trigger_schema ${here} ORDER BY 1, 2, 3`),
    sequences: await q(`SELECT sequence_name, data_type FROM information_schema.sequences WHERE sequence_schema ${here} ORDER BY 1`),
  };
}

/** Make schema `name` the one unqualified statements (the migrations) create in. */
async function useSchema(db: DbHandle, name: string): Promise<void> {
  await db.exec(`CREATE SCHEMA IF NOT EXISTS ${name}`);
  await db.exec(`SET search_path TO ${name}`);
}

// One PGlite (starting one is slow), one schema per database under test.
describe('migrations', () => {
  let dir = '';
  let db: DbHandle;
  let fresh: Record<string, unknown[]>;
  let freshNames: string[];
  beforeAll(async () => {
    dir = scratchDir('ff-migrations');
    db = await openPglite(join(dir, 'pglite'));
    await useSchema(db, 'fresh');
    freshNames = await migrate(db);
    fresh = await schemaOf(db, 'fresh');
  }, 180_000);
  afterAll(async () => db?.close());

  it('build a schema (the comparison below is not of two empty ones)', () => {
    expect(freshNames).toEqual(readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).sort());
    expect((fresh.tables as { table_name: string }[]).map((t) => t.table_name)).toEqual(expect.arrayContaining(['users', 'applications', 'schema_migrations']));
    expect(fresh.indexes.length).toBeGreaterThan(0);
  });

  it.each(LABELS)('upgrade a database migrated at %s to the schema of a fresh one', async (label) => {
    const schema = `up_${label}`;
    await useSchema(db, schema);
    const earlier = await migrate(db, join(FIXTURES, label));
    expect(earlier.length).toBeGreaterThan(0);
    const now = await migrate(db);
    // Only what the earlier set lacked runs now: a migration that already ran is never renamed.
    expect(now).toEqual(freshNames.filter((name) => !earlier.includes(name)));
    expect(await schemaOf(db, schema)).toEqual(fresh);
  }, 120_000);

  it('refuses a folder where two files share a new number, before running any', async () => {
    await useSchema(db, 'refused');
    const files = mkdtempSync(join(dir, 'sql-'));
    writeFileSync(join(files, '0001_a.sql'), 'CREATE TABLE a (id int);');
    writeFileSync(join(files, '0007_b.sql'), 'CREATE TABLE b (id int);');
    writeFileSync(join(files, '0007_c.sql'), 'CREATE TABLE c (id int);');
    await expect(migrate(db, files)).rejects.toThrow(/share the number 0007/);
    expect(await db.exec(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'refused'`)).toEqual([]);
  });
});
