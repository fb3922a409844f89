/** Serves the built front end from dist/: hashed assets cached long, app routes fall back to index.html. */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { route, type Route } from '../plugins/route';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.pdf': 'application/pdf', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
};

/** Paths other routes and GraphQL own; never answered with the SPA page. */
const RESERVED = ['/graphql', '/files/', '/dev/', '/healthz', '/readyz'];

/**
 * The route serving `distDir` (registered last: it sees every path no other route answered);
 * unknown extension-less paths get index.html (client-side routes). Answers GET and HEAD only, and
 * never the reserved paths (decoded), which fall through to GraphQL's unhandled-route answer.
 */
export function staticSite(distDir: string): Route {
  const root = resolve(distDir);
  const cache = new Map<string, Uint8Array>();
  const read = (p: string) => {
    let hit = cache.get(p);
    if (!hit) {
      hit = new Uint8Array(readFileSync(p));
      if (hit.byteLength < 2_000_000) cache.set(p, hit);
    }
    return hit;
  };
  // GraphQL's own path passes by at the cost of one comparison; the rest is checked once decoded (below).
  return route('static site', (path) => path !== RESERVED[0], ({ request, url, endResponse, fetchAPI }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // Malformed percent-encoding: a 400 (the router gives a bodiless 4xx its JSON refusal).
      return endResponse(new fetchAPI.Response(null, { status: 400 }));
    }
    if (RESERVED.some((r) => path === r || path.startsWith(r.endsWith('/') ? r : `${r}/`))) return;
    const file = resolve(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) return endResponse(new fetchAPI.Response('Not found', { status: 404 }));
    const isFile = existsSync(file) && statSync(file).isFile();
    const index = join(root, 'index.html');
    if (!isFile && extname(path) !== '') return endResponse(new fetchAPI.Response('Not found', { status: 404 }));
    const target = isFile ? file : index;
    if (!existsSync(target)) return endResponse(new fetchAPI.Response('The front end is not built: run npm run build.', { status: 503 }));
    const body = read(target);
    const immutable = target.includes(`${sep}assets${sep}`);
    endResponse(
      new fetchAPI.Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), {
        status: 200,
        headers: {
          'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
          'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        },
      }),
    );
  });
}
