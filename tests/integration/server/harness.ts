/**
 * Harness of the server suite: the real app over a real database. PGlite runs from a copy of a
 * pre-initialised, migrated and seeded template directory (a fresh initdb costs ~3 s); PostgreSQL
 * (when TEST_DATABASE_URL is set) runs in a throw-away schema created and dropped per harness.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp, type App, type AppOptions } from '../../../server/app';
import { readConfig, type ServerConfig } from '../../../server/config';
import type { ServerServices } from '../../../server/context';
import { migrate, MIGRATIONS_DIR, openPglite, openPostgres, type DbHandle } from '../../../server/db';
import { loadServerDefinitions, type ServerDefinitions } from '../../../server/definitions';
import { createLogger, type Logger } from '../../../server/log';
import { seedAll } from '../../../server/seed/index';
import { servicesFor } from '../../../server/services';

/** Project root. */
export const ROOT = join(import.meta.dirname, '../../..');
/** Rate-book rows the test seed inserts. */
export const TEST_RATEBOOK_ROWS = 300;
/** Databases this run covers, and the harness's lifecycle in a suite (one source: ../databases.ts). */
export { DATABASES, useHarness } from '../databases';

let defsCache: ServerDefinitions | undefined;
/** The project's definitions, loaded once per worker. */
export const definitions = (): ServerDefinitions => (defsCache ??= loadServerDefinitions(ROOT));

/** A logger that prints nothing (TEST_LOG=1: everything). */
export const silent = process.env.TEST_LOG ? createLogger('debug') : createLogger('error', {}, () => undefined);

function templateKey(defs: ServerDefinitions): string {
  const h = createHash('sha256').update(defs.version);
  for (const dir of [MIGRATIONS_DIR, join(ROOT, 'server/seed'), join(ROOT, 'server/seed/data')]) {
    for (const f of readdirSync(dir).sort()) if (/\.(sql|ts|yaml)$/.test(f)) h.update(f).update(readFileSync(join(dir, f)));
  }
  return h.digest('hex').slice(0, 12);
}

/**
 * A migrated PGlite directory shared by every test file of this version (built once): `seeded` holds the demo data
 * (the server suite's), `migrated` only the schema (the API suite's, which writes its own fixture).
 */
async function pgliteTemplate(kind: 'seeded' | 'migrated'): Promise<string> {
  const key = templateKey(definitions());
  const dir = join(tmpdir(), `fleetform-test-template-${kind === 'seeded' ? '' : 'migrated-'}${key}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.build-${process.pid}-${Date.now()}`;
  const handle = await openPglite(building);
  await migrate(handle);
  if (kind === 'seeded') {
    const config = testConfig(mkdtempSync(join(tmpdir(), 'ff-tpl-')));
    await seedAll(servicesFor(config, handle, definitions(), silent), { ratebookRows: TEST_RATEBOOK_ROWS });
    rmSync(config.dataDir, { recursive: true, force: true });
  }
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
export async function pgliteCopy(kind: 'seeded' | 'migrated' = 'seeded'): Promise<string> {
  const template = await pgliteTemplate(kind);
  const dir = mkdtempSync(join(tmpdir(), 'ff-server-'));
  cpSync(template, join(dir, 'pglite'), { recursive: true });
  return dir;
}

/** Configuration for a test server with its own data directory. */
export function testConfig(dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig {
  return readConfig({ NODE_ENV: 'test', DEMO: '1', LOG_LEVEL: 'error' }, { dataDir, secret: 'test-secret-0123456789', root: ROOT, ...overrides });
}

/** Open a database of `kind` holding the seeded demo data (`url`: the PostgreSQL schema's, for a second instance). */
export async function openTestDatabase(kind: 'pglite' | 'postgres'): Promise<{ database: DbHandle; cleanup: () => Promise<void>; url?: string }> {
  if (kind === 'pglite') {
    const dir = await pgliteCopy();
    const database = await openPglite(join(dir, 'pglite'));
    return { database, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { database, cleanup, url } = await openPostgresSchema('srv');
  await migrate(database);
  const config = testConfig(mkdtempSync(join(tmpdir(), 'ff-pg-seed-')));
  await seedAll(servicesFor(config, database, definitions(), silent), { ratebookRows: TEST_RATEBOOK_ROWS });
  rmSync(config.dataDir, { recursive: true, force: true });
  return { database, cleanup, url };
}

/** A fresh schema `<prefix>_<pid>_<time>` on TEST_DATABASE_URL (empty), dropped by `cleanup`; `url` opens it again. */
export async function openPostgresSchema(prefix: string): Promise<{ database: DbHandle; cleanup: () => Promise<void>; url: string }> {
  const url = process.env.TEST_DATABASE_URL as string;
  const schema = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement);
    await client.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  const sep = url.includes('?') ? '&' : '?';
  const schemaUrl = `${url}${sep}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const database = await openPostgres(schemaUrl, 4);
  return { database, cleanup: () => run(`DROP SCHEMA ${schema} CASCADE`), url: schemaUrl };
}

/** An HTTP answer with its JSON body (when JSON). */
export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown> & { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };
}

/** A running test server. */
export interface TestServer {
  app: App;
  services: ServerServices;
  database: DbHandle;
  config: ServerConfig;
  /** Raw request to the app (in-process; `host` defaults to au.localhost). */
  request(path: string, init?: RequestInit & { host?: string }): Promise<Response>;
  /** POST a GraphQL operation with an optional cookie. */
  gql(query: string, variables?: Record<string, unknown>, opts?: { cookie?: string; host?: string; headers?: Record<string, string> }): Promise<Reply>;
  /** Sign in; answers the cookie pair `name=value`. */
  login(email: string, password?: string, host?: string): Promise<string>;
  close(): Promise<void>;
}

/** Start an app over a fresh seeded database (`log`: the server's logger, default silent below error; `definitions`: the set served, default the project's). */
export async function startServer(kind: 'pglite' | 'postgres', options: AppOptions & { config?: Partial<ServerConfig>; log?: Logger; definitions?: ServerDefinitions } = {}): Promise<TestServer> {
  const { database, cleanup } = await openTestDatabase(kind);
  const dataDir = mkdtempSync(join(tmpdir(), 'ff-server-data-'));
  const { config: configOverrides, log, definitions: served, ...appOptions } = options;
  const config = testConfig(dataDir, configOverrides);
  // The database is seeded under the project's definitions; `definitions` serves others (e.g. changed ones).
  const services = servicesFor(config, database, served ?? definitions(), log ?? silent);
  const app = await createApp(services, { serveStatic: false, ...appOptions });
  const request = (path: string, init: RequestInit & { host?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set('host', init.host ?? 'au.localhost');
    return Promise.resolve(app.fetch(`http://${init.host ?? 'au.localhost'}${path}`, { ...init, headers }));
  };
  const gql: TestServer['gql'] = async (query, variables, opts = {}) => {
    const res = await request('/graphql', {
      method: 'POST',
      host: opts.host,
      headers: { 'content-type': 'application/json', ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.headers ?? {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    let body: Reply['body'];
    try {
      body = JSON.parse(text) as Reply['body'];
    } catch {
      body = { raw: text };
    }
    return { status: res.status, headers: res.headers, body };
  };
  return {
    app, services, database, config, request, gql,
    async login(email, password = 'Fleetform-Demo-1', host) {
      const r = await gql(`mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success error } }`, { e: email, p: password }, { host });
      const cookie = r.headers.get('set-cookie');
      if (!cookie || !(r.body.data?.login as { success?: boolean })?.success) throw new Error(`login failed for ${email}: ${JSON.stringify(r.body)}`);
      return cookie.split(';')[0];
    },
    async close() {
      await database.close();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
