/** Builds the front end (`npm run build`) when dist/ is missing or older than its sources. */
import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime } from '../definitions';
import type { Logger } from '../log';

/**
 * What the front end is built from. Not `brands/`: a brand's texts and settings reach the browser at
 * run time (written into the page the server serves), so a brand added or changed needs a restart, not a build.
 */
export const FRONT_END_SOURCES = ['app', 'runtime', 'extensions', 'flows', 'fragments', 'messages', 'schemas', 'regions', 'fleetform.yaml', 'vite.config.ts', 'scripts', 'package.json'];

/** The app's built server-render entry (`vite build --ssr`, the second half of `npm run build`). */
export const SERVER_ENTRY = 'dist-server/server.js';

/** Whether dist/index.html is missing or older than any source (or the server-render entry, built after it, is missing). */
export function frontEndIsStale(root: string): boolean {
  const index = join(root, 'dist', 'index.html');
  if (!existsSync(index) || !existsSync(join(root, SERVER_ENTRY))) return true;
  return newestMtime(root, FRONT_END_SOURCES) > statSync(index).mtimeMs;
}

/** Run `npm run build` in `root` when stale; resolves false (and logs) when the build fails. */
export async function ensureFrontEndBuilt(root: string, log: Logger): Promise<boolean> {
  if (!frontEndIsStale(root)) return true;
  if (!existsSync(join(root, 'vite.config.ts'))) {
    log.warn('front end not built and no vite.config.ts yet; serving the API only');
    return false;
  }
  log.info('building the front end (dist/ is older than its sources)');
  const started = Date.now();
  const code = await new Promise<number>((done) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
    child.on('exit', (c) => done(c ?? 1));
    child.on('error', () => done(1));
  });
  if (code !== 0) log.error({ code }, 'front-end build failed; serving the previous dist/ if any');
  else log.info({ ms: Date.now() - started }, 'front end built');
  return code === 0;
}
