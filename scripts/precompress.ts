/**
 * Vite plugin: after the build writes its files, each text file of the output (js, css, html, json,
 * svg, txt, map, webmanifest) gets a `.br` (quality 11) and a `.gz` (level 9) beside it, which the
 * server sends to clients accepting them (server/http/staticSite.ts). A copy no smaller than its file
 * is not written (the server sends the file itself). Compression runs on libuv's thread pool, files
 * in parallel.
 * @example defineConfig({ plugins: [react(), precompress()] })
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Logger, Plugin } from 'vite';

/** Extensions of the files compressed. */
export const PRECOMPRESSED = ['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt', '.map', '.webmanifest'];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}

/** Write `file`.br and `file`.gz where smaller than `file`; resolves the number of copies written. */
export async function precompressFile(file: string): Promise<number> {
  const body = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
    gzipAsync(body, { level: 9 }),
  ]);
  let written = 0;
  for (const [copy, suffix] of [[br, '.br'], [gz, '.gz']] as const) {
    if (copy.byteLength >= body.byteLength) continue;
    writeFileSync(file + suffix, copy);
    written++;
  }
  return written;
}

/** Precompress every text file under `dir` but those `skip` names (paths relative to `dir`); resolves the number of copies written. */
export async function precompressDir(dir: string, skip: readonly string[] = []): Promise<number> {
  const skipped = new Set(skip.map((p) => join(dir, p)));
  const files = filesUnder(dir).filter((f) => PRECOMPRESSED.includes(extname(f)) && !skipped.has(f));
  const counts = await Promise.all(files.map(precompressFile));
  return counts.reduce((a, b) => a + b, 0);
}

/** The plugin (build only); `skip`: files of the output not to compress (paths relative to it), e.g. a page the server renders. */
export function precompress(options: { skip?: readonly string[] } = {}): Plugin {
  let logger: Logger | undefined;
  return {
    name: 'fleetform:precompress',
    apply: 'build',
    configResolved(config) {
      logger = config.logger;
    },
    async writeBundle(output) {
      if (!output.dir) return;
      const started = Date.now();
      const written = await precompressDir(output.dir, options.skip);
      logger?.info(`precompressed: ${written} .br/.gz files in ${Date.now() - started} ms`);
    },
  };
}
