import { appendFileSync } from 'node:fs';
import { spawnServer } from '../../server/spawnServer';

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

/**
 * Spawns the built server with `PORT` and a fresh `DATA_DIR` (dist/ and dist-node/ must be built: `npm run build`),
 * waits for `/readyz` (migrations and the first-start demo seed are done by then). server/spawnServer.ts does both.
 */
export async function startRealServer(root: string): Promise<RealServer> {
  // Everything the server writes also goes to E2E_SERVER_LOG as it comes (a test greps it during the run).
  const logFile = process.env.E2E_SERVER_LOG;
  const server = await spawnServer({
    args: ['dist-node/main.js'], cwd: root, dataDirPrefix: 'fleetform-e2e-', readyTimeoutMs: READY_TIMEOUT_MS, pollMs: 150,
    onOutput: logFile ? (d) => appendFileSync(logFile, d) : undefined,
  });
  try {
    await server.ready;
  } catch (err) {
    await server.stop();
    throw err;
  }
  return { port: server.port, dataDir: server.dataDir, output: server.output, stop: server.stop };
}
