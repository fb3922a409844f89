// `npm start`'s first half (`prestart`): builds what is missing or older than its sources, then exits; `npm start`
// then runs the built server (`node dist-node/main.js`, one process). Plain JavaScript, so it runs before anything
// is built and without tsx. `SKIP_BUILD=1` builds nothing.
//   - the front end (dist/index.html, and dist-server/server.js, the server-render entry) older than any of
//     FRONT_END_SOURCES, or missing: `npm run build` (which ends with the server's build);
//   - else the server (dist-node/main.js, scripts/buildServer.ts) older than any of SERVER_SOURCES, or missing:
//     `npm run build:server` (about a second).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import process from 'node:process';

/**
 * What the front end is built from. Not `brands/`: a brand's texts and settings reach the browser at run time
 * (written into the page the server serves), so a brand added or changed needs a restart, not a build.
 */
export const FRONT_END_SOURCES = ['app', 'runtime', 'extensions', 'flows', 'fragments', 'messages', 'schemas', 'regions', 'fleetform.yaml', 'vite.config.ts', 'scripts', 'package.json'];
/** What the built server is bundled from (the definitions, migrations and seed data are read at run time, not built in). */
export const SERVER_SOURCES = ['server', 'runtime', 'extensions', 'scripts/buildServer.ts', 'package.json'];
/** The app's built server-render entry (`vite build --ssr`). */
export const SERVER_ENTRY = 'dist-server/server.js';
/** The built server (`npm run build:server`). */
export const SERVER_MAIN = 'dist-node/main.js';

/** Newest modification time (ms) of the files under `entries` (files or folders; dot files and node_modules skipped). */
export function newestMtime(root, entries) {
  let newest = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (!st.isDirectory()) {
      newest = Math.max(newest, st.mtimeMs);
      return;
    }
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      visit(join(path, name));
    }
  };
  for (const e of entries) visit(join(root, e));
  return newest;
}

/** Whether `file` is missing or older than any of `sources`. */
function olderThan(root, file, sources) {
  const path = join(root, file);
  return !existsSync(path) || newestMtime(root, sources) > statSync(path).mtimeMs;
}

/** What `root` needs built: `build` (everything), `build:server` (the server only) or nothing. */
export function staleBuild(root) {
  if (!existsSync(join(root, SERVER_ENTRY)) || olderThan(root, 'dist/index.html', FRONT_END_SOURCES)) return 'build';
  if (olderThan(root, SERVER_MAIN, SERVER_SOURCES)) return 'build:server';
  return undefined;
}

/** Run the npm script `root` needs (output inherited); true when nothing was needed or the build succeeded. */
export function buildWhenStale(root) {
  const script = staleBuild(root);
  if (!script) return true;
  process.stdout.write(`building (${script === 'build' ? 'dist/ is older than its sources' : 'the server is older than its sources'}): npm run ${script}\n`);
  const started = Date.now();
  const { status } = spawnSync('npm', ['run', script], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (status !== 0) return false;
  process.stdout.write(`built in ${Date.now() - started} ms\n`);
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const skip = process.env.SKIP_BUILD === '1' || process.env.SKIP_BUILD === 'true';
  const root = resolve(import.meta.dirname, '..');
  if (!skip && !buildWhenStale(root)) {
    // As before the server was built: a failed build serves the previous one, if there is one.
    if (!existsSync(join(root, SERVER_MAIN))) {
      process.stderr.write('the build failed (its output is above) and there is no previous build: not starting\n');
      process.exit(1);
    }
    process.stderr.write('the build failed (its output is above): starting the previous build\n');
  }
}
