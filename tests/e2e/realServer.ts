import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real server (the built one `npm start` runs: `node dist-node/main.js`) on a free port over a fresh data directory. */
export interface RealServer {
  port: number;
  /** Fresh PGlite data directory (removed by `stop`). */
  dataDir: string;
  /** Everything the server printed (stdout and stderr), for failure reports. */
  output(): string;
  /** Stops the server (SIGTERM, then SIGKILL) and removes its data directory. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 90_000;

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ok) => probe.listen(0, '127.0.0.1', ok));
  const { port } = probe.address() as AddressInfo;
  await new Promise((ok) => probe.close(ok));
  return port;
}

async function waitReady(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} before ready:\n${output()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server not ready after ${READY_TIMEOUT_MS} ms:\n${output()}`);
}

/**
 * Spawns the built server with `PORT` and a fresh `DATA_DIR` (dist/ and dist-node/ must be built: `npm run build`),
 * waits for `/readyz` (migrations and the first-start demo seed are done by then).
 */
export async function startRealServer(root: string): Promise<RealServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleetform-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  const child = spawn(process.execPath, ['dist-node/main.js'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const chunks: string[] = [];
  // Everything the server writes also goes to E2E_SERVER_LOG as it comes (a test greps it during the run).
  const logFile = process.env.E2E_SERVER_LOG;
  const keep = (d: Buffer) => {
    chunks.push(d.toString());
    if (logFile) appendFileSync(logFile, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => chunks.join('').slice(-4000);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((ok) => child.once('exit', ok));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitReady(port, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { port, dataDir, output, stop };
}
