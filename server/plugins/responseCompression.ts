/**
 * JSON answers (GraphQL's, the brand document, ...) of `threshold` bytes or more leave compressed, br
 * or gzip as the request's Accept-Encoding allows (server/http/contentEncoding.ts), with
 * `Vary: Accept-Encoding` and the compressed Content-Length. Smaller ones pass untouched: below the
 * threshold the body and its headers fit one TCP segment anyway, and compressing costs 15-35 us
 * (bench/README.md, `npm run bench:compression`); their cost here is one header read.
 * @example createYoga({ plugins: [..., jsonErrorBodies(bodyFor), responseCompression(), responseHeaders(...)] })
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'graphql-yoga';
import { CODINGS, compressNow, DYNAMIC_BROTLI_QUALITY, DYNAMIC_GZIP_LEVEL, negotiateEncoding, varyOnEncoding, type Coding } from '../http/contentEncoding';

/** Bytes from which a JSON answer is compressed (measured: bench/README.md). */
export const COMPRESSION_THRESHOLD = 1024;
/** Bytes from which compression runs on libuv's thread pool, not on the event loop (~300 us at 128 kB). */
const OFF_THREAD = 65_536;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** `body` compressed with `coding`: in line when small, on the thread pool when large. */
function compress(body: Uint8Array, coding: Coding): Buffer | Promise<Buffer> {
  if (body.byteLength < OFF_THREAD) return compressNow(body, coding);
  return coding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipAsync(body, { level: DYNAMIC_GZIP_LEVEL });
}

/**
 * The plugin. It replaces the response: register it after plugins that replace it (jsonErrorBodies)
 * and before those adding headers (responseHeaders). Skips HEAD, bodies of unknown length (streams),
 * answers already coded or already negotiated (a Vary naming Accept-Encoding: the static site's).
 */
export function responseCompression(threshold = COMPRESSION_THRESHOLD): Plugin {
  return {
    onResponse({ request, response, setResponse, fetchAPI }) {
      const h = response.headers;
      const length = h.get('content-length');
      if (length === null || Number(length) < threshold) return;
      const type = h.get('content-type');
      if (type === null || !/^application\/(?:[\w.+-]+\+)?json\b/i.test(type) || request.method === 'HEAD') return;
      const vary = h.get('vary');
      if (h.has('content-encoding') || (vary !== null && /accept-encoding/i.test(vary))) return;
      h.set('vary', varyOnEncoding(vary));
      const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
      if (coding === 'identity') return;
      return response.arrayBuffer().then(async (raw) => {
        const body = await compress(new Uint8Array(raw), coding);
        const headers = new fetchAPI.Headers(h);
        headers.set('content-encoding', coding);
        headers.set('content-length', String(body.byteLength));
        setResponse(new fetchAPI.Response(body as Uint8Array<ArrayBuffer>, { status: response.status, statusText: response.statusText, headers }));
      });
    },
  };
}
