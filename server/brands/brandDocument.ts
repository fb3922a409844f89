/**
 * `GET /brand.json`: the texts and settings of the brand the request's Host selects (the default
 * brand for a host no brand names), so the browser shows a brand added after the build. The built
 * bundles carry flows, schemas and validators per region; this document carries the rest. The app's
 * page carries the same document (brandPage.ts); this route serves other clients.
 */
import type { ResolvedLayers, SelectionTexts } from '../../runtime/core/types';
import { CODINGS, negotiateEncoding } from '../http/contentEncoding';
import { encodedBody, etagMatches, type EncodedBody } from '../http/encodedBody';
import type { RouteHandler } from '../plugins/route';
import type { BrandContext, BrandRegistry } from './brandRegistry';

/** The path the browser fetches its brand from. */
export const BRAND_DOCUMENT_PATH = '/brand.json';

/** The document of a brand: its layer selection, merged messages and merged settings. */
export function brandDocument(brand: BrandContext, layers: (selection: Record<string, string>) => ResolvedLayers): SelectionTexts {
  const resolved = layers(brand.selection);
  return { selection: brand.selection, messages: resolved.messages, settings: resolved.settings };
}

/** The route: ETag (answers 304 to a matching If-None-Match), brotli or gzip, revalidated on every load. */
export function brandDocumentRoute(brands: BrandRegistry, layers: (selection: Record<string, string>) => ResolvedLayers): RouteHandler {
  // Brands are fixed at start: one encoding per brand, made on first ask.
  const cache = new Map<string, EncodedBody>();
  const encodedOf = (brand: BrandContext): EncodedBody => {
    let hit = cache.get(brand.id);
    if (!hit) cache.set(brand.id, (hit = encodedBody(new TextEncoder().encode(JSON.stringify(brandDocument(brand, layers))))));
    return hit;
  };
  return ({ request, fetchAPI }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const encoded = encodedOf(brands.forHost(request.headers.get('host')));
    const headers: Record<string, string> = { etag: encoded.etag, 'cache-control': 'no-cache', vary: 'Host, Accept-Encoding' };
    if (etagMatches(request.headers.get('if-none-match'), encoded.etag)) {
      return new fetchAPI.Response(null, { status: 304, headers });
    }
    const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
    const body = encoded.bytes(coding);
    if (coding !== 'identity') headers['content-encoding'] = coding;
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(body.byteLength);
    return new fetchAPI.Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}
