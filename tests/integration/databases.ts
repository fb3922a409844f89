/**
 * The per-database harness of every integration suite: which databases a run covers (PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set, e.g. postgres://postgres@127.0.0.1:5432/test) and {@link useHarness}, which starts a
 * suite's harness once before its tests and closes it after them (the harness's own database, ./testDatabase.ts: a
 * PGlite folder or a PostgreSQL database, removed or dropped on close). Tests that need a clean slate reset it in a
 * `beforeEach`. A harness is a started server (server/harness.ts startServer, over HTTP with overHttp; the API
 * suite's startHarness) or a bare database (openTestDatabase).
 * @example
 * describe.each(DATABASES)('sign-in on %s', (kind) => {
 *   const s = useHarness(() => startServer(kind));
 *   it('...', async () => expect((await s.gql('{ __typename }')).status).toBe(200));
 * });
 */
import { afterAll, beforeAll } from 'vitest';

/** A database a suite runs on. */
export type DatabaseKind = 'pglite' | 'postgres';

/** Databases this run covers. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
if (!process.env.TEST_DATABASE_URL) console.log('[integration] TEST_DATABASE_URL not set: PostgreSQL runs skipped (PGlite only).');

/** Starting a harness migrates (or copies) a database and builds the app: sized for a loaded 2-core machine. */
const START_TIMEOUT_MS = 120_000;

/**
 * The harness `start` answers, started in this describe block's `beforeAll` and closed in its `afterAll`. Answers a
 * stand-in usable wherever the harness is (its properties are the started harness's; reading one before the start
 * throws), so a suite writes `const h = useHarness(...)` once instead of a `let` and two hooks.
 */
export function useHarness<H extends { close(): Promise<void> }>(start: () => Promise<H>, timeout = START_TIMEOUT_MS): H {
  let started: H | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeout);
  afterAll(async () => {
    await started?.close();
    started = undefined;
  }, timeout);
  return new Proxy({} as H, {
    get(_, key) {
      if (!started) throw new Error(`the harness is not started (read of ${String(key)} outside the suite's tests)`);
      // As it is (the harnesses' methods are closures): a callable value keeps its own properties (yoga's app and its fetch).
      return Reflect.get(started, key, started) as unknown;
    },
    has: (_, key) => started !== undefined && Reflect.has(started, key),
  });
}
