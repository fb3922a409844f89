/**
 * The real server behind the studio's preview: `server/main.ts` (demo mode, the embedded sandboxes, PGlite) on a
 * free loopback port over a scratch data directory, seeded with the demo scenarios on its first start (the records
 * the preview's menu offers: scenarioSamples.ts). The studio proxies the preview's `/graphql` to it, signed in as
 * the chosen scenario's demo login and on the host of the chosen brand, so lookups, saves and status requests are
 * answered as the portal answers them. Its data directory is removed when the studio stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_PASSWORD, emailOf } from '../../server/seed/scenarioRecord';

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

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
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
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetform-studio-api-'));
  let status: ApiStatus = { state: 'starting' };
  let child: ChildProcess | undefined;
  let port = 0;
  const output: string[] = [];
  // One session cookie per scenario and host (a login is per brand: the server scopes users to their brand).
  const sessions = new Map<string, Promise<string | undefined>>();

  const ready = (async () => {
    port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', FLEETFORM_ROOT: root,
      // The calculator's searches need a rate book, not the full one: a quicker first start.
      SEED_RATEBOOK_ROWS: process.env.SEED_RATEBOOK_ROWS ?? '1000', DEMO: '1',
    };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    delete env.PERSISTED_MANIFEST;
    child = spawn(process.execPath, [join(CODE_ROOT, 'node_modules/tsx/dist/cli.mjs'), join(CODE_ROOT, 'server/main.ts')], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (d: Buffer) => { output.push(d.toString()); if (output.length > 200) output.shift(); };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 240_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`the API server stopped (${child.exitCode}): ${output.join('').slice(-600)}`);
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the API server did not answer within 240 s');
  })().then(
    () => { status = { state: 'ready', ms: Date.now() - started }; onReady(status); },
    (e: unknown) => { status = { state: 'failed', message: e instanceof Error ? e.message : String(e) }; onReady(status); },
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
      if (child && child.exitCode === null && child.pid) {
        const exited = new Promise((ok) => child?.once('exit', ok));
        try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ }
        const timer = setTimeout(() => { try { process.kill(-(child?.pid as number), 'SIGKILL'); } catch { /* gone */ } }, 5_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
