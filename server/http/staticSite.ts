/**
 * Serves the built front end from dist/: hashed assets cached long, app routes fall back to
 * index.html, text files in the coding the request accepts from the `.br` and `.gz` the build wrote
 * beside them (scripts/precompress.ts), the file itself when there is none. With a page renderer,
 * index.html goes out as it renders it for the request's Host (its ETag, Vary: Host), revalidated.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import type { PostedAnswer } from '../../runtime/core/serverRender';
import { route, type Route } from '../plugins/route';
import { CODINGS, compressible, negotiateEncoding, type Chosen, type Coding } from './contentEncoding';
import { etagMatches, type EncodedBody } from './encodedBody';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png',
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.ico': 'image/x-icon',
  '.woff': 'font/woff', '.woff2': 'font/woff2', '.pdf': 'application/pdf', '.txt': 'text/plain; charset=utf-8', '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** The file extension of each coding's precompressed copy. */
const SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** A file as served: its bytes, each precompressed copy found beside it, and its headers. */
interface Served {
  variants: Partial<Record<Chosen, Uint8Array>>;
  /** The codings there is a copy in (br before gzip). */
  codings: Coding[];
  type: string;
  /** Whether the answer depends on Accept-Encoding (a text type: Vary, even with no copy yet). */
  negotiated: boolean;
  /** A weak validator of the file's content (the same for each coding of it), for revalidation. */
  etag: string;
}

/** Renders the built index.html for a request (its Host's configuration in it; for a route the app renders on the server, its first screen; with a posted form's answer, that). */
export type PageRenderer = (html: Uint8Array<ArrayBuffer>, request: Request, posted?: PostedAnswer) => RenderedPage | Promise<RenderedPage>;

/**
 * A rendered page; `vary` names a request header it depends on besides Host (e.g. Cookie); a `personal` page (a
 * signed-in visitor's own) goes out `private, no-store`, with no validator: no cache keeps it, none revalidates it.
 */
export type RenderedPage = EncodedBody & { vary?: string; personal?: boolean };

/** Options of {@link staticSite}. */
export interface StaticSiteOptions {
  /** Renders index.html per Host; without it the file goes out as built. */
  page?: PageRenderer;
}

/** Paths other routes and GraphQL own; never answered with the SPA page. */
const RESERVED = ['/graphql', '/files/', '/dev/', '/healthz', '/readyz'];

/**
 * The route serving `distDir` (registered last: it sees every path no other route answered);
 * unknown extension-less paths get index.html (client-side routes). Answers GET and HEAD only, and
 * never the reserved paths (decoded), which fall through to GraphQL's unhandled-route answer.
 */
export function staticSite(distDir: string, options: StaticSiteOptions = {}): Route {
  const root = resolve(distDir);
  const cache = new Map<string, Served>();
  const read = (p: string): Served => {
    let hit = cache.get(p);
    if (!hit) {
      const identity = new Uint8Array(readFileSync(p));
      const type = TYPES[extname(p)] ?? 'application/octet-stream';
      const negotiated = compressible(type);
      const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
      hit = { variants: { identity }, codings: [], type, negotiated, etag };
      for (const coding of negotiated ? (['br', 'gzip'] as const) : []) {
        const copy = p + SUFFIX[coding];
        if (!existsSync(copy)) continue;
        hit.variants[coding] = new Uint8Array(readFileSync(copy));
        hit.codings.push(coding);
      }
      if (identity.byteLength < 2_000_000) cache.set(p, hit);
    }
    return hit;
  };
  // GraphQL's own path passes by at the cost of one comparison; the rest is checked once decoded (below).
  return route('static site', (path) => path !== RESERVED[0], ({ request, url, fetchAPI }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    let path: string;
    try {
      path = decodeURIComponent(url.pathname);
    } catch {
      // Malformed percent-encoding: a 400 (the router gives a bodiless 4xx its JSON refusal).
      return new fetchAPI.Response(null, { status: 400 });
    }
    if (RESERVED.some((r) => path === r || path.startsWith(r.endsWith('/') ? r : `${r}/`))) return;
    const file = resolve(join(root, path));
    if (file !== root && !file.startsWith(root + sep)) return new fetchAPI.Response('Not found', { status: 404 });
    const isFile = existsSync(file) && statSync(file).isFile();
    const index = join(root, 'index.html');
    if (!isFile && extname(path) !== '') return new fetchAPI.Response('Not found', { status: 404 });
    const target = isFile ? file : index;
    if (!existsSync(target)) return new fetchAPI.Response('The front end is not built: run npm run build.', { status: 503 });
    const served = read(target);
    if (target === index && options.page) return renderedPage(served, options.page, request, fetchAPI);
    const coding = negotiateEncoding(request.headers.get('accept-encoding'), served.codings);
    const body = served.variants[coding] as Uint8Array<ArrayBuffer>;
    const immutable = target.includes(`${sep}assets${sep}`);
    // Unhashed files (index.html, the demo vehicle images) are revalidated: an unchanged one costs a 304.
    const cacheControl = immutable ? 'public, max-age=31536000, immutable' : 'no-cache';
    const vary: Record<string, string> = served.negotiated ? { vary: 'Accept-Encoding' } : {};
    if (!immutable && etagMatches(request.headers.get('if-none-match'), served.etag)) {
      return new fetchAPI.Response(null, { status: 304, headers: { etag: served.etag, 'cache-control': cacheControl, ...vary } });
    }
    const headers: Record<string, string> = {
      'content-type': served.type,
      'cache-control': cacheControl,
      etag: served.etag,
      // Stated for HEAD too: the length a GET would get.
      'content-length': String(body.byteLength),
      ...vary,
    };
    if (coding !== 'identity') headers['content-encoding'] = coding;
    return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  });
}

/**
 * index.html as rendered for the request (its Host; its path and query, and whether a session cookie
 * came, when the app renders the route on the server): revalidated by its ETag (304), compressed by Accept-Encoding.
 */
async function renderedPage(served: Served, render: PageRenderer, request: Request, fetchAPI: { Response: typeof Response }): Promise<Response> {
  const page = await render(served.variants.identity as Uint8Array<ArrayBuffer>, request);
  const vary = `Host, ${page.vary ? `${page.vary}, ` : ''}Accept-Encoding`;
  const headers: Record<string, string> = page.personal
    ? { 'content-type': served.type, 'cache-control': 'private, no-store', vary }
    : { 'content-type': served.type, 'cache-control': 'no-cache', etag: page.etag, vary };
  if (!page.personal && etagMatches(request.headers.get('if-none-match'), page.etag)) return new fetchAPI.Response(null, { status: 304, headers });
  const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
  const body = page.bytes(coding);
  if (coding !== 'identity') headers['content-encoding'] = coding;
  headers['content-length'] = String(body.byteLength);
  return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
}

/**
 * The page answering a form posted to `request`'s address (server/http/formPosts.ts): index.html rendered with the
 * server's answer, for this request only (`no-store`, no ETag to revalidate by).
 */
export function answerPage(distDir: string, render: PageRenderer): (request: Request, posted: PostedAnswer, headers: Headers, fetchAPI: { Response: typeof Response }) => Promise<Response> {
  const index = join(resolve(distDir), 'index.html');
  return async (request, posted, headers, fetchAPI) => {
    if (!existsSync(index)) return new fetchAPI.Response('The front end is not built: run npm run build.', { status: 503 });
    const page = await render(new Uint8Array(readFileSync(index)), request, posted);
    const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
    const body = page.bytes(coding);
    headers.set('content-type', TYPES['.html']);
    headers.set('cache-control', 'no-store');
    headers.set('vary', 'Accept-Encoding');
    if (coding !== 'identity') headers.set('content-encoding', coding);
    headers.set('content-length', String(body.byteLength));
    return new fetchAPI.Response(body, { status: 200, headers });
  };
}
