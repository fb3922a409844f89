/**
 * Builds the server for `npm start` (`npm run build:server`, the last step of `npm run build`): server/main.ts and
 * the file-inspection worker's body (server/files/inspect/inspectWorker.ts), each bundled with the server's own
 * sources (server/, runtime/, extensions/) into one ES module under dist-node/ by esbuild (tsx's and vite's).
 * Packages stay imports of node_modules. A module that reads files beside its source (SQL migrations, SDL, seed
 * data) names its folder `import.meta.dirname`, which the bundle keeps pointing at that source folder (relative to
 * the bundle, so the checkout may move): the built server reads the same files as the sources do.
 */
import { dirname, relative, resolve } from 'node:path';
import { readFile } from 'node:fs/promises';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '..');
/** Where the built server goes (`npm start` runs `node dist-node/main.js`). */
export const SERVER_OUT_DIR = 'dist-node';

/** Each own module's `import.meta.dirname` as its source folder, relative to the bundle's own. */
function sourceDirname(outDir: string): Plugin {
  return {
    name: 'source-dirname',
    setup(b) {
      b.onLoad({ filter: /\.tsx?$/ }, async (args) => {
        if (args.path.includes('/node_modules/')) return undefined;
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.dirname')) return undefined;
        const rel = relative(outDir, dirname(args.path)).split('\\').join('/');
        return { contents: text.replaceAll('import.meta.dirname', `(import.meta.dirname + ${JSON.stringify(`/${rel}`)})`), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
      });
    },
  };
}

/** Bundle the server into `outDir` (default `dist-node/`): main.js, inspectWorker.js. */
export async function buildServer(outDir = resolve(ROOT, SERVER_OUT_DIR)): Promise<void> {
  const root = ROOT;
  await build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'server/main.ts', out: 'main' },
      { in: 'server/files/inspect/inspectWorker.ts', out: 'inspectWorker' },
    ],
    outdir: outDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [sourceDirname(outDir)],
  });
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const started = performance.now();
  await buildServer();
  process.stdout.write(`server built into ${SERVER_OUT_DIR}/ in ${Math.round(performance.now() - started)} ms\n`);
}
