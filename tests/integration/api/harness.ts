/**
 * Test harness of the API suite: the real app (server/app.ts) over a real database of its own (a copy of the migrated
 * template, ../testDatabase.ts: a PGlite folder, or a PostgreSQL database when TEST_DATABASE_URL is set), the
 * project's definitions, and fixture applications written straight to the database.
 */
import { createApp, type App } from '../../../server/app';
import { createSession } from '../../../server/auth';
import { readConfig } from '../../../server/config';
import type { DbHandle } from '../../../server/db';
import type { ServerDefinitions } from '../../../server/definitions';
import { resolvers } from '../../../server/graphql/resolvers';
import { createLogger } from '../../../server/log';
import { servicesFor } from '../../../server/services';
import type { ServerServices } from '../../../server/context';
import { definitions as projectDefinitions, openTestDatabase, ROOT } from '../testDatabase';
import { FIXTURE, insertFixture } from './fixture';

/** Which databases the suite runs on, and the harness's lifecycle in a suite (one source: ../databases.ts). */
export { DATABASES, useHarness } from '../databases';

/** A GraphQL answer. */
export interface Answer {
  status: number;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Callers of the suite: nobody, or a fixture user's session. */
export type Who = 'anonymous' | 'primary' | 'secondary' | 'calculator' | 'other';

/** The running harness. */
export interface Harness {
  app: App;
  /** The app's services (its e-signature provider, say). */
  services: ServerServices;
  database: DbHandle;
  definitions: ServerDefinitions;
  /** Session cookies by caller (refreshed by {@link Harness.reset}). */
  cookies: Record<Exclude<Who, 'anonymous'>, string>;
  /** POST a GraphQL operation as a caller. */
  gql(who: Who, query: string, variables?: Record<string, unknown>): Promise<Answer>;
  /** Put the fixture back exactly as it was (every table emptied first) and open fresh sessions. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

const TABLES = ['audit_log', 'idempotency_keys', 'rate_limits', 'sessions', 'password_resets', 'outbox', 'files', 'applications', 'users', 'sub_groups', 'sub_divisions', 'industries'];

/** Start the app over a fresh database of the given kind. */
export async function startHarness(kind: 'pglite' | 'postgres'): Promise<Harness> {
  const opened = await openTestDatabase(kind, 'migrated');
  const { database } = opened;
  // The project's definitions, loaded once per worker (read only: every suite of the worker serves the same).
  const definitions = projectDefinitions();
  const config = { ...readConfig({ NODE_ENV: 'test', DEMO: '0' }, { dataDir: opened.dir, secret: 'test-secret-test-secret-test-secret' }), root: ROOT };
  const services = servicesFor(config, database, definitions, createLogger('error'));
  const app = await createApp(services, { serveStatic: false, resolvers });
  const cookies = { primary: '', secondary: '', calculator: '', other: '' };
  const harness: Harness = {
    app,
    services,
    database,
    definitions,
    cookies,
    async gql(who, query, variables) {
      const headers: Record<string, string> = { 'content-type': 'application/json', host: 'au.localhost' };
      if (who !== 'anonymous') headers.cookie = `ff_session=${cookies[who]}`;
      const res = await app.fetch('http://au.localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      const body = (await res.json()) as Omit<Answer, 'status'>;
      return { status: res.status, ...body };
    },
    async reset() {
      await database.exec(`TRUNCATE ${TABLES.join(', ')} RESTART IDENTITY CASCADE`);
      await insertFixture(database.db);
      for (const who of ['primary', 'secondary', 'calculator', 'other'] as const) cookies[who] = await createSession(database.db, FIXTURE.users[who].id, FIXTURE.brand);
    },
    close: opened.close,
  };
  await harness.reset();
  return harness;
}
