/**
 * The real server on the built `dist/` for the page benches (bench:ratebook's initial-JS figure, bench:lighthouse):
 * no build, a fresh data dir seeded with a small rate book, under the shared dist/ lock (`flock --no-fork`: the lock
 * lives as long as the server, so no build replaces dist/ while it is measured). Resolves once it listens, with a
 * function that stops it and removes its data.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function startSiteServer(root: string, port: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ff-bench-site-'));
  const child = spawn('flock', ['--no-fork', '/tmp/fleetform-dist.lock', process.execPath, '--import', 'tsx', 'server/main.ts'], {
    cwd: root, env: { ...process.env, SKIP_BUILD: '1', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_RATEBOOK_ROWS: '2000', DATABASE_URL: '', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (/"msg":"listening"/.test(out)) resolve();
      });
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', (code) => reject(new Error(`server exited ${code}: ${out.slice(-1500)}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}
