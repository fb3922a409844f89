/**
 * A test's own database, opened from a template so that no test migrates or seeds: PGlite copies a template folder
 * (kept in the temp folder per definitions version, built by the first worker that needs it), PostgreSQL creates a
 * database `CREATE DATABASE ... TEMPLATE` from this run's template (built by the first worker that needs it, under
 * an advisory lock; tests/setup/testRun.ts names the run's databases and drops them all when the run ends).
 * `seeded` holds the demo data (the server suite's), `migrated` only the schema (the API suite's, which writes its
 * own fixture; the seeding tests'). Each test database is removed or dropped by its `close`.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { readConfig, type ServerConfig } from '../../server/config';
import { migrate, MIGRATIONS_DIR, openPglite, openPostgres, type DbHandle } from '../../server/db';
import { loadServerDefinitions, type ServerDefinitions } from '../../server/definitions';
import { createLogger } from '../../server/log';
import { seedAll } from '../../server/seed/index';
import { servicesFor } from '../../server/services';
import type { DatabaseKind } from './databases';
import { scratchDir } from '../scratch';

/** Project root. */
export const ROOT = join(import.meta.dirname, '../..');
/** Rate-book rows the test seed inserts. */
export const TEST_RATEBOOK_ROWS = 300;

let defsCache: ServerDefinitions | undefined;
/** The project's definitions, loaded once per worker. */
export const definitions = (): ServerDefinitions => (defsCache ??= loadServerDefinitions(ROOT));

/** A logger that prints nothing (TEST_LOG=1: everything). */
export const silent = process.env.TEST_LOG ? createLogger('debug') : createLogger('error', {}, () => undefined);

/** Configuration for a test server with its own data directory. */
export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return readConfig({ NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'error' }, { dataDir, secret: 'test-secret-0123456789', root: ROOT, ...overrides });
}

/** What a test database holds when opened. */
export type Contents = 'seeded' | 'migrated';

/** A test's own database. */
export interface TestDatabase {
  database: DbHandle;
  /** A scratch folder of the test (a server's data directory, say), removed by {@link TestDatabase.close}. */
  dir: string;
  /** PostgreSQL: the URL that opens this database again (a second instance); PGlite: undefined. */
  url?: string;
  /** Close the handle, then remove the database (folder or PostgreSQL database) and the scratch folder. */
  close(): Promise<void>;
}

/** Migrate, and for `seeded` seed the demo data the tests expect. */
async function fill(database: DbHandle, contents: Contents): Promise<void> {
  await migrate(database);
  if (contents !== 'seeded') return;
  const config = testConfig(scratchDir('ff-tpl'));
  await seedAll(servicesFor(config, database, definitions(), silent), { ratebookRows: TEST_RATEBOOK_ROWS });
  rmSync(config.dataDir, { recursive: true, force: true });
}

function templateKey(defs: ServerDefinitions): string {
  const h = createHash('sha256').update(defs.version);
  for (const dir of [MIGRATIONS_DIR, join(ROOT, 'server/seed'), join(ROOT, 'server/seed/data')]) {
    for (const f of readdirSync(dir).sort()) if (/\.(sql|ts|yaml)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)));
  }
  return h.digest('hex').slice(0, 12);
}

/** A PGlite template folder shared by every test file of this version (built once, kept between runs). */
async function pgliteTemplate(contents: Contents): Promise<string> {
  const key = templateKey(definitions());
  const dir = join(tmpdir(), `fleetform-test-template-${contents === 'seeded' ? '' : 'migrated-'}${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.build-${process.pid}-${Date.now()}`;
  const handle = await openPglite(building);
  await fill(handle, contents);
  await handle.close();
  // Templates of older definition versions, unused for 10 minutes, are removed.
  for (const name of readdirSync(tmpdir())) {
    const old = join(tmpdir(), name);
    if (name.startsWith('fleetform-test-template-') && !name.includes(key) && !name.includes('.build-') && statSync(old).mtimeMs < Date.now() - 600_000) rmSync(old, { recursive: true, force: true });
  }
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another worker won the race
  }
  return dir;
}

/** A temp folder holding `pglite/`, a copy of the seeded (or only migrated) template (the caller removes the folder). */
export async function pgliteCopy(contents: Contents = 'seeded'): Promise<string> {
  const template = await pgliteTemplate(contents);
  const dir = scratchDir('ff-server');
  cpSync(template, join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** Run statements on TEST_DATABASE_URL's database, one connection. */
async function onServer<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** TEST_DATABASE_URL with another database name. */
const urlOf = (name: string): string => {
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  return url.toString();
};

/** This run's PostgreSQL template of `contents`: built by the first worker asking, while the others wait. */
const postgresTemplates = new Map<Contents, Promise<string>>();
function postgresTemplate(contents: Contents): Promise<string> {
  let made = postgresTemplates.get(contents);
  if (!made) {
    const name = `${inject('postgresRun')}_${contents}`;
    made = onServer(async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
      try {
        if ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount) return name;
        await client.query(`CREATE DATABASE ${name}`);
        try {
          const database = await openPostgres(urlOf(name), 4);
          await fill(database, contents).finally(() => database.close());
        } catch (e) {
          await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          throw e;
        }
        return name;
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
      }
    });
    postgresTemplates.set(contents, made);
    made.catch(() => postgresTemplates.delete(contents));
  }
  return made;
}

let opened = 0;
/** Open a test database of `kind` holding `contents` (default the seeded demo data). */
export async function openTestDatabase(kind: DatabaseKind, contents: Contents = 'seeded'): Promise<TestDatabase> {
  const dir = scratchDir('ff-test');
  if (kind === 'pglite') {
    cpSync(await pgliteTemplate(contents), join(dir, 'pglite'), { recursive: true });
    const database = await openPglite(join(dir, 'pglite'));
    return { database, dir, close: async () => { await database.close(); rmSync(dir, { recursive: true, force: true }); } };
  }
  const template = await postgresTemplate(contents);
  const name = `${inject('postgresRun')}_${process.pid}_${++opened}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = urlOf(name);
  const database = await openPostgres(url, 4);
  return {
    database, dir, url,
    async close() {
      await database.close();
      await onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
