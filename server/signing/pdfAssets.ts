/**
 * `GET /pdf-assets/<name>.pdf`: the static PDF documents of the definitions (the wet signature's Document Instructions
 * per region and the introducer's alternate, spec 000 s7, 002 s6; the privacy notice of the review's consent, 001 s2) from
 * `brands/assets/documents/`,
 * read at run time like the brand images (server/brands/brandAssets.ts serves images only). PDFs only, one folder,
 * never a path outside it; anything else is a 404.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { route, type Route } from '../plugins/route';

/** The path prefix the PDFs are served under (settings.wetSignature.instructionDocument names a file there). */
export const PDF_ASSETS_PATH = '/pdf-assets/';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*\.pdf$/;

/** The route serving the PDFs of `dir` (the project's `brands/assets/documents`) under {@link PDF_ASSETS_PATH}. */
export function pdfAssets(dir: string): Route {
  const root = resolve(dir);
  const cache = new Map<string, Uint8Array<ArrayBuffer>>();
  return route('pdf assets', (path) => path.startsWith(PDF_ASSETS_PATH), ({ request, url, fetchAPI }) => {
    const notFound = () => new fetchAPI.Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    const name = url.pathname.slice(PDF_ASSETS_PATH.length);
    if (!NAME.test(name)) return notFound();
    const file = resolve(root, name);
    if (!file.startsWith(root + sep)) return notFound();
    let body = cache.get(file);
    if (!body) {
      if (!existsSync(file) || !statSync(file).isFile()) return notFound();
      body = new Uint8Array(readFileSync(file));
      cache.set(file, body);
    }
    const headers: Record<string, string> = {
      'content-type': 'application/pdf',
      'content-length': String(body.byteLength),
      // `?view`: shown in the page (the review's consent dialog frames the privacy notice); otherwise a download.
      'content-disposition': `${url.searchParams.has('view') ? 'inline' : 'attachment'}; filename="${name}"`,
      'cache-control': 'public, max-age=3600',
      'x-content-type-options': 'nosniff',
    };
    return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  });
}

/** Read one asset's bytes (e-mail attachments), or null when there is none of that name. */
export function readPdfAsset(dir: string, name: string): Uint8Array | null {
  if (!NAME.test(name)) return null;
  const root = resolve(dir);
  const file = resolve(root, name);
  if (!file.startsWith(root + sep) || !existsSync(file)) return null;
  return new Uint8Array(readFileSync(file));
}
