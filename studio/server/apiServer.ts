/**
 * The real server behind the studio's preview: `server/main.ts` (demo mode, the embedded sandboxes, PGlite) on a
 * free loopback port over a scratch data directory, seeded with the demo scenarios on its first start (the records
 * the preview's menu offers: scenarioSamples.ts). The studio proxies the preview's `/graphql` to it, signed in as
 * the chosen scenario's demo login and on the host of the chosen brand, so lookups, saves and status requests are
 * answered as the portal answers them. Its data directory is removed when the studio stops.
 */
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD, emailOf } from '../../server/seed/scenarioRecord';
import { spawnServer } from '../../server/spawnServer';

const CODE_ROOT = resolve(import.meta.dirname, '../..');

/** Where the API server is. */
export interface ApiStatus {
  state: 'off' | 'starting' | 'ready' | 'failed';
  message?: string;
  ms?: number;
}

/** The studio's API server. */
export interface ApiServer {
  status(): ApiStatus;
  /** Resolves when it answers (or failed). */
  ready: Promise<void>;
  /** Answers a preview's GraphQL request: as `as` (a scenario key; absent: nobody signed in) on `host` (a brand's domain). */
  proxy(req: IncomingMessage, res: ServerResponse, as: string | undefined, host: string): Promise<void>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks)));
    req.on('error', fail);
  });
}

/** A request to the API server with the headers given (Host too: fetch would set its own). */
function call(port: number, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path: '/graphql', method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', fail);
    });
    req.on('error', fail);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Starts the server over a scratch data directory for the definitions under `root`; `onReady` is told when it answers. */
export function startApiServer(root: string, onReady: (status: ApiStatus) => void = () => undefined): ApiServer {
  const started = Date.now();
  let status: ApiStatus = { state: 'starting' };
  let port = 0;
  // One session cookie per scenario and host (a login is per brand: the server scopes users to their brand).
  const sessions = new Map<string, Promise<string | undefined>>();
  // tsx runs the server as its child: its own process group, stopped as a whole.
  const server = spawnServer({
    args: [join(CODE_ROOT, 'node_modules/tsx/dist/cli.mjs'), join(CODE_ROOT, 'server/main.ts')], cwd: root, group: true,
    dataDirPrefix: 'fleetform-studio-api-', readyTimeoutMs: 240_000, pollMs: 250,
    env: {
      FLEETFORM_ROOT: root, DEMO: '1', PERSISTED_MANIFEST: undefined,
      // The calculator's searches need a rate book, not the full one: a quicker first start.
      SEED_RATEBOOK_ROWS: process.env.SEED_RATEBOOK_ROWS ?? '1000',
    },
  });

  const ready = server.then(async (s) => {
    port = s.port;
    await s.ready;
  }).then(
    () => { status = { state: 'ready', ms: Date.now() - started }; onReady(status); },
    (e: unknown) => {
      // What happened, and the end of what the server printed.
      const [what, ...printed] = (e instanceof Error ? e.message : String(e)).split('\n');
      status = { state: 'failed', message: `${what} ${printed.join('\n').slice(-600)}`.trim() };
      onReady(status);
    },
  );

  const headersFor = (host: string) => ({ host: `${host}:${port}`, origin: `http://${host}:${port}`, 'content-type': 'application/json' });

  function session(as: string, host: string): Promise<string | undefined> {
    const key = `${as}@${host}`;
    let hit = sessions.get(key);
    if (!hit) {
      const login = { query: 'mutation login($email: String!, $password: String!) { login(email: $email, password: $password) { success } }', variables: { email: emailOf(as), password: DEMO_PASSWORD } };
      hit = call(port, 'POST', headersFor(host), JSON.stringify(login)).then((r) => r.headers['set-cookie']?.[0]?.split(';')[0]);
      // A failed login is asked again next time.
      void hit.then((cookie) => { if (!cookie) sessions.delete(key); }, () => sessions.delete(key));
      sessions.set(key, hit);
    }
    return hit;
  }

  return {
    status: () => status,
    ready,
    async proxy(req, res, as, host) {
      if (status.state !== 'ready') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ message: `studio API server ${status.state}${status.message ? `: ${status.message}` : ''}`, extensions: { code: 'STUDIO_API' } }] }));
        return;
      }
      const body = await readBody(req);
      const cookie = as ? await session(as, host) : undefined;
      const answer = await call(port, req.method ?? 'POST', { ...headersFor(host), ...(cookie ? { cookie } : {}) }, req.method === 'POST' ? body.toString('utf8') : undefined);
      res.writeHead(answer.status, { 'content-type': answer.headers['content-type'] ?? 'application/json', 'cache-control': 'no-store' });
      res.end(answer.body);
    },
    async close() {
      await (await server.catch(() => undefined))?.stop();
    },
  };
}
