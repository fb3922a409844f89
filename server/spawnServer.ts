/**
 * The real server as a child process for tools that need one running (the e2e runs' `tests/e2e/realServer.ts`, the
 * studio's API server `studio/server/apiServer.ts`): a free loopback port, a fresh data directory (PGlite), the
 * environment the server reads (`PORT`, `HOST`, `DATA_DIR`, `LOG_LEVEL`; no `DATABASE_URL` or `NODE_ENV` from the
 * caller's), its output kept, and `/readyz` asked until it answers (migrations and the first start's seed done).
 * Development and test tooling only; `npm start` does not use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Options of {@link spawnServer}. */
export interface SpawnServerOptions {
  /** The node arguments that run the server (e.g. `['dist-node/main.js']`, or tsx's cli and `server/main.ts`). */
  args: string[];
  cwd: string;
  /** More environment over the caller's (after `PORT`, `HOST`, `DATA_DIR` and `LOG_LEVEL`: it may set them). */
  env?: NodeJS.ProcessEnv;
  /** Prefix of the data directory under the system's temporary folder. */
  dataDirPrefix: string;
  /** How long `/readyz` may take to answer (ms). */
  readyTimeoutMs: number;
  /** Time between two asks of `/readyz` (ms; default 200). */
  pollMs?: number;
  /** Its own process group, stopped as a whole (a runner such as tsx starts the server as its child). */
  group?: boolean;
  /** Told each piece of output as it comes (besides it being kept for {@link SpawnedServer.output}). */
  onOutput?: (chunk: Buffer) => void;
}

/** A server started by {@link spawnServer}. */
export interface SpawnedServer {
  port: number;
  /** Its data directory (removed by `stop`). */
  dataDir: string;
  /** Resolves once `/readyz` answers 200; rejects when the process stops first or the time is up. */
  ready: Promise<void>;
  /** The end of what it printed (stdout and stderr), for failure reports. */
  output(): string;
  /** Stops it (SIGTERM, SIGKILL after 5 s) and removes its data directory. */
  stop(): Promise<void>;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
}

/** Starts the server on a free port over a fresh data directory; its `ready` says when it answers. */
export async function spawnServer(options: SpawnServerOptions): Promise<SpawnedServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...options.env };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child: ChildProcess = spawn(process.execPath, options.args, { cwd: options.cwd, env, detached: options.group === true, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  const keep = (d: Buffer) => {
    chunks.push(d.toString());
    if (chunks.length > 400) chunks.shift();
    options.onOutput?.(d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => chunks.join('').slice(-4000);

  const signal = (name: NodeJS.Signals) => {
    try {
      if (options.group && child.pid) process.kill(-child.pid, name);
      else child.kill(name);
    } catch { /* gone */ }
  };
  let stopping: Promise<void> | undefined;
  const stop = () => (stopping ??= (async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      signal('SIGTERM');
      const timer = setTimeout(() => signal('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  })());

  const ready = (async () => {
    const deadline = Date.now() + options.readyTimeoutMs;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || stopping) throw new Error(`the server stopped (${child.exitCode ?? 'stopped'}) before it was ready:\n${output()}`);
      if (await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)) return;
      await new Promise((r) => setTimeout(r, options.pollMs ?? 200));
    }
    throw new Error(`the server did not answer /readyz within ${options.readyTimeoutMs / 1000} s:\n${output()}`);
  })();
  // A caller that only stops it (never awaits `ready`) must not see an unhandled rejection.
  ready.catch(() => undefined);
  return { port, dataDir, ready, output, stop };
}
