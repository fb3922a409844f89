/**
 * `GET /brand.json`: the texts and settings of the brand the request's Host selects (the default
 * brand for a host no brand names), so the browser shows a brand added after the build. The built
 * bundles carry flows, schemas and validators per region; this document carries the rest.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ResolvedLayers, SelectionTexts } from '../../runtime/core/types';
import { CODINGS, negotiateEncoding } from '../http/contentEncoding';
import type { RouteHandler } from '../plugins/route';
import type { BrandContext, BrandRegistry } from './brandRegistry';

/** The path the browser fetches its brand from. */
export const BRAND_DOCUMENT_PATH = '/brand.json';

/** One brand's document, serialised once, with its ETag and compressed forms (made on first ask). */
interface Encoded {
  etag: string;
  identity: Uint8Array;
  br?: Uint8Array;
  gzip?: Uint8Array;
}

/** The document of a brand: its layer selection, merged messages and merged settings. */
export function brandDocument(brand: BrandContext, layers: (selection: Record<string, string>) => ResolvedLayers): SelectionTexts {
  const resolved = layers(brand.selection);
  return { selection: brand.selection, messages: resolved.messages, settings: resolved.settings };
}

/** The route: ETag (answers 304 to a matching If-None-Match), brotli or gzip, revalidated on every load. */
export function brandDocumentRoute(brands: BrandRegistry, layers: (selection: Record<string, string>) => ResolvedLayers): RouteHandler {
  // Brands are fixed at start: one encoding per brand, made on first ask.
  const cache = new Map<string, Encoded>();
  const encodedOf = (brand: BrandContext): Encoded => {
    let hit = cache.get(brand.id);
    if (!hit) {
      const identity = new TextEncoder().encode(JSON.stringify(brandDocument(brand, layers)));
      // Weak: the same validator for the plain, brotli and gzip bytes of one document (RFC 9110 s8.8.3).
      hit = { etag: `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`, identity };
      cache.set(brand.id, hit);
    }
    return hit;
  };
  return ({ request, fetchAPI }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new fetchAPI.Response(null, { status: 405, headers: { allow: 'GET, HEAD' } });
    }
    const encoded = encodedOf(brands.forHost(request.headers.get('host')));
    const headers: Record<string, string> = { etag: encoded.etag, 'cache-control': 'no-cache', vary: 'Host, Accept-Encoding' };
    const match = request.headers.get('if-none-match');
    if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === encoded.etag.slice(2))) {
      return new fetchAPI.Response(null, { status: 304, headers });
    }
    const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
    let body = encoded.identity;
    if (coding === 'br') body = encoded.br ??= new Uint8Array(brotliCompressSync(encoded.identity));
    else if (coding === 'gzip') body = encoded.gzip ??= new Uint8Array(gzipSync(encoded.identity));
    if (coding !== 'identity') headers['content-encoding'] = coding;
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = String(body.byteLength);
    return new fetchAPI.Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
  };
}
