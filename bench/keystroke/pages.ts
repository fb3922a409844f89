/**
 * Builds the two bench pages with Vite into bench/.build (git-ignored; never dist/ or .generated/,
 * which other builds share) and serves them on 127.0.0.1. The runtime page uses the product's
 * own vite.config.ts (same plugins, alias, target); the stock page a plain React build with the
 * same target.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, mergeConfig, type UserConfig, type UserConfigFnObject } from 'vite';
import productConfig from '../../vite.config';
import { VALIDATORS_FILE } from './generate';

/** The pages: each its own Vite root under bench/keystroke. */
export type PageName = 'runtime' | 'stock';

function aliases(gen: string, runtimeGen: string) {
  return [
    { find: 'bench-gen:definitions', replacement: join(runtimeGen, 'definitions.ts') },
    { find: 'bench-gen:validators', replacement: join(runtimeGen, VALIDATORS_FILE) },
    { find: 'bench-gen:stock', replacement: join(gen, 'stock.ts') },
  ];
}

/** The product's browser build config (vite.config.ts exports a function of the build: the browser's, or the server's). */
const productBuildConfig = (): UserConfig => (productConfig as UserConfigFnObject)({ command: 'build', mode: 'production', isSsrBuild: false });

type Group = { name: string; test: RegExp | ((id: string) => boolean); priority?: number };

/**
 * The product's config with its chunking applied to the bench page as to the portal: the product groups the app
 * (app/start.tsx and what it imports) into one chunk; here the page's own entry (runtime/main.tsx) plays that part.
 * Without it the page was split into 45 chunks the portal never has (issue 36's mount figure, a 0.73x miss, was
 * partly that: 45 requests queued on six connections before the first render).
 */
function runtimePageConfig(): UserConfig {
  const config = productBuildConfig();
  const output = config.build?.rolldownOptions?.output as { codeSplitting?: { groups?: Group[] } } | undefined;
  const groups = output?.codeSplitting?.groups;
  if (!groups?.some((g) => g.name === 'app')) throw new Error('vite.config.ts has no \'app\' chunk group: the bench page would not be chunked as the portal');
  output!.codeSplitting!.groups = groups.map((g) => (g.name === 'app' ? { ...g, test: /bench[\\/]keystroke[\\/]runtime[\\/]main\.tsx$/ } : g));
  return { ...config, server: undefined };
}

/**
 * Builds one page into bench/.build/<out> (served under `/<out>/`); the runtime page is built once
 * per variant (`out` = `runtime-<size>`, its generated files in gen/<out>).
 */
export async function buildPage(page: PageName, out: string, benchDir: string, buildDir: string): Promise<string> {
  const outDir = join(buildDir, out);
  const gen = join(buildDir, 'gen');
  const own: UserConfig = {
    root: join(benchDir, 'keystroke', page),
    base: `/${out}/`,
    logLevel: 'warn',
    resolve: { alias: aliases(gen, join(gen, out)) },
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  };
  const base: UserConfig = page === 'runtime'
    ? runtimePageConfig()
    : { publicDir: false, plugins: [react()], build: { target: 'es2022', modulePreload: { polyfill: false }, chunkSizeWarningLimit: 3000 } };
  await build({ ...mergeConfig(base, own), configFile: false });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** A static server over the built pages: `/<page>/...`; any other path under a page is its index.html (SPA). */
export function serve(buildDir: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, page] = url.pathname.split('/');
    let file = normalize(join(buildDir, url.pathname));
    if (!file.startsWith(buildDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(buildDir, page ?? '', 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
  }));
}
