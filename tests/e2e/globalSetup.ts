/**
 * Starts the real server once for the whole run (realServer.ts: the built `node dist-node/main.js` on a fresh DATA_DIR and a
 * free port) and hands its port to the workers in `E2E_PORT` (and a folder where they claim the pages axe checks in
 * `E2E_AXE_CLAIMS`); stops it at the end and keeps its output in
 * test-results/e2e-server.log.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startRealServer } from './realServer';

const ROOT = resolve(import.meta.dirname, '../..');

export default async function globalSetup(): Promise<() => Promise<void>> {
  for (const built of ['dist/index.html', 'dist-node/main.js']) {
    if (!existsSync(join(ROOT, built))) throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  const started = performance.now();
  // The server's whole output of this run, as it comes (tests/e2e/idCheck.spec.ts greps it for licence numbers).
  mkdirSync(join(ROOT, 'test-results'), { recursive: true });
  process.env.E2E_SERVER_LOG = join(ROOT, 'test-results', 'e2e-server.full.log');
  writeFileSync(process.env.E2E_SERVER_LOG, '');
  const server = await startRealServer(ROOT);
  console.log(`real server on port ${server.port} ready in ${Math.round(performance.now() - started)} ms`);
  process.env.E2E_PORT = String(server.port);
  // The pages axe has checked in this run, claimed by the workers (tests/e2e/fixtures.ts `checked`).
  process.env.E2E_AXE_CLAIMS = mkdtempSync(join(tmpdir(), 'e2e-axe-'));
  return async () => {
    rmSync(process.env.E2E_AXE_CLAIMS as string, { recursive: true, force: true });
    mkdirSync(join(ROOT, 'test-results'), { recursive: true });
    writeFileSync(join(ROOT, 'test-results', 'e2e-server.log'), server.output());
    await server.stop();
  };
}
