/** Opens the database: embedded PGlite under DATA_DIR, or PostgreSQL when a URL is given. */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { encodeParams } from './json';
import { acquireDirLock } from './lock';
import { PgliteDialect } from './pgliteDialect';
import type { Database } from './schema';

/** Runs raw SQL (may hold several statements when it has no parameters) and returns the last rows. */
export type Exec = <R = Record<string, unknown>>(text: string) => Promise<R[]>;

/** An open database: the kysely instance plus raw access for migrations and tests. */
export interface DbHandle {
  /** Typed query builder. */
  db: Kysely<Database>;
  /** Which engine is underneath. */
  kind: 'pglite' | 'postgres';
  /** Raw SQL outside any transaction. */
  exec: Exec;
  /** Run `fn` on one dedicated connection (PGlite: holding the only one). */
  withSession<T>(fn: (exec: Exec) => Promise<T>): Promise<T>;
  /** Close connections and release the PGlite directory lock. */
  close(): Promise<void>;
}

/** Where to open: a PostgreSQL URL, or a PGlite directory. */
export type DbTarget = { databaseUrl: string } | { pgliteDir: string };

// Same read conventions on both engines: int8 and date as strings.
const INT8 = 20;
const DATE = 1082;
const asText = (v: string) => v;

/**
 * PGlite's Postgres runs in its WebAssembly memory, which grows and never shrinks, so every buffer it fills stays
 * resident (bench/README.md, bench:memory). initdb's defaults are a server's: 128 MB of shared buffers (the whole
 * embedded database is ~60 MB, and reads it misses come from the OS's file cache; 128 MB cost ~150 MB more resident
 * after a minute of load than 32 MB), room for 100 connections (one backend here), 64 MB for index builds and
 * vacuums. Given on the command line, over postgresql.conf, on every start, so a data directory made before keeps working.
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '32MB',
  max_connections: '8',
  maintenance_work_mem: '16MB',
  work_mem: '2MB',
  temp_buffers: '2MB',
};

/**
 * initdb for a new directory, on a worker thread that then ends: initdb runs in its own WebAssembly instance and
 * leaves ~400 MB of buffers that, on the server's thread, stayed resident after they were collected (bench/README.md).
 * With the thread they go back to the OS, and the first start holds what a restart holds.
 */
async function initPgliteDir(dir: string, startParams: string[]): Promise<void> {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code = `const { workerData } = require('node:worker_threads');
require(workerData.pglite).PGlite.create(workerData.dir, { startParams: workerData.startParams }).then((pg) => pg.close());`;
  await new Promise<void>((done, fail) => {
    const worker = new Worker(code, { eval: true, workerData: { pglite, dir, startParams } });
    worker.once('error', fail);
    worker.once('exit', (exitCode) => (exitCode === 0 ? done() : fail(new Error(`PGlite's initdb worker exited with ${exitCode}`))));
  });
}

/** Open PGlite in `dir` (created when missing, initdb on a worker thread) under a pid lock. */
export async function openPglite(dir: string): Promise<DbHandle> {
  const abs = resolve(dir);
  mkdirSync(abs, { recursive: true });
  const release = acquireDirLock(`${abs}.lock`, abs);
  const startParams = [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
  let pglite: PGlite;
  try {
    await initPgliteDir(abs, startParams);
    pglite = await PGlite.create(abs, { parsers: { [INT8]: asText, [DATE]: asText }, startParams });
  } catch (e) {
    release();
    throw e;
  }
  const db = new Kysely<Database>({ dialect: new PgliteDialect(pglite) });
  const exec: Exec = async <R,>(text: string) => {
    const results = await pglite.exec(text);
    return (results.at(-1)?.rows ?? []) as R[];
  };
  return {
    db,
    kind: 'pglite',
    exec: (text) => db.connection().execute(() => exec(text)),
    withSession: (fn) => db.connection().execute(() => fn(exec)),
    async close() {
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}

/** Open a PostgreSQL pool at `url`. */
export async function openPostgres(url: string, max = 10): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: { getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 || oid === DATE ? asText : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser },
  });
  // Encode object/array parameters as JSON, exactly as the PGlite driver does.
  const wrapped: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      return {
        query: ((text: string, params?: readonly unknown[]) => client.query(text, params ? encodeParams(params) : undefined)) as unknown as PostgresPoolClient['query'],
        release: () => client.release(),
      };
    },
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: wrapped }) });
  const session = async <T,>(fn: (exec: Exec) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await fn(async <R,>(text: string) => {
        const res = await client.query(text);
        const last = Array.isArray(res) ? res.at(-1) : res;
        return (last?.rows ?? []) as R[];
      });
    } finally {
      client.release();
    }
  };
  await session((exec) => exec('SELECT 1'));
  // Kysely ends the pool only once it has run a query itself; connections `session` took are ended here too.
  const close = async () => {
    await db.destroy();
    if (!pool.ending) await pool.end();
  };
  return { db, kind: 'postgres', exec: (text) => session((exec) => exec(text)), withSession: session, close };
}

/** Open the configured database. */
export function openDatabase(target: DbTarget): Promise<DbHandle> {
  return 'databaseUrl' in target ? openPostgres(target.databaseUrl) : openPglite(target.pgliteDir);
}

/** The PGlite directory inside a data directory. */
export const pgliteDirOf = (dataDir: string): string => join(dataDir, 'pglite');
