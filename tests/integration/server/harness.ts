/**
 * Harness of the server suite: the real app over a real database of its own, a copy of the seeded template
 * (../testDatabase.ts: a PGlite folder, or a PostgreSQL database when TEST_DATABASE_URL is set).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App, type AppOptions } from '../../../server/app';
import type { ServerConfig } from '../../../server/config';
import type { ServerServices } from '../../../server/context';
import type { DbHandle } from '../../../server/db';
import type { ServerDefinitions } from '../../../server/definitions';
import type { Logger } from '../../../server/log';
import { servicesFor } from '../../../server/services';
import { definitions, openTestDatabase, silent, testConfig } from '../testDatabase';

/** Databases this run covers, and the harness's lifecycle in a suite (one source: ../databases.ts). */
export { DATABASES, useHarness } from '../databases';
/** The test databases and what the harnesses share (one source: ../testDatabase.ts). */
export { definitions, openTestDatabase, pgliteCopy, ROOT, silent, TEST_RATEBOOK_ROWS, testConfig, type TestDatabase } from '../testDatabase';

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
  const opened = await openTestDatabase(kind);
  const { database } = opened;
  const { config: configOverrides, log, definitions: served, ...appOptions } = options;
  const config = testConfig(opened.dir, configOverrides);
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
    close: opened.close,
  };
}

/** A test server that also listens over real HTTP. */
export interface HttpTestServer extends TestServer {
  http: Server;
  /** Its origin, `http://127.0.0.1:<port>` (a free port). */
  base: string;
}

/** `s` listening on 127.0.0.1 through `listener` (default node's own server); closing it closes both. */
export async function overHttp(s: TestServer, listener: (app: App) => Server = (app) => createServer(app)): Promise<HttpTestServer> {
  const http = listener(s.app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    ...s,
    http,
    base: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    async close() {
      await new Promise((resolve) => http.close(resolve));
      await s.close();
    },
  };
}
