/**
 * `GET /brand-assets/<path>`: the brands' images (logos, hero and pop-up images) from `brands/assets/`,
 * read at run time like the brand definitions, so a brand added after the build has its images too.
 * Images only (by extension), never a path outside the folder; anything else is a 404.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import { route, type Route } from '../plugins/route';

/** The path prefix the images are served under (settings.profile addresses start with it). */
export const BRAND_ASSETS_PATH = '/brand-assets/';

const TYPES: Record<string, string> = { '.svg': 'image/svg+xml', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp' };

/** The route serving `dir` (the project's `brands/assets`) under {@link BRAND_ASSETS_PATH}. */
export function brandAssets(dir: string): Route {
  const root = resolve(dir);
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return route('brand assets', (path) => path.startsWith(BRAND_ASSETS_PATH), ({ request, url, fetchAPI }) => {
    const notFound = () => new fetchAPI.Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    let path: string;
    try {
      path = decodeURIComponent(url.pathname.slice(BRAND_ASSETS_PATH.length));
    } catch {
      return new fetchAPI.Response(null, { status: 400 });
    }
    const type = TYPES[extname(path).toLowerCase()];
    const file = resolve(join(root, path));
    if (!type || !file.startsWith(root + sep)) return notFound();
    let body = cache.get(file);
    if (!body) {
      if (!existsSync(file) || !statSync(file).isFile()) return notFound();
      body = new Uint8Array(readFileSync(file));
      cache.set(file, body);
    }
    // An SVG is a document: it may show itself, nothing else (no scripts, no external loads).
    const headers: Record<string, string> = { 'content-type': type, 'content-length': String(body.byteLength), 'cache-control': 'public, max-age=3600', 'x-content-type-options': 'nosniff' };
    if (type === 'image/svg+xml') headers['content-security-policy'] = "default-src 'none'; style-src 'unsafe-inline'";
    return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  });
}
