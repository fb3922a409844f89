/**
 * A generated answer that is the same for many requests (a brand's document, a brand's page): its
 * bytes, a weak ETag over them, and each compressed form made on first ask at the build's settings
 * (scripts/precompress.ts: brotli 11, gzip 9), then kept.
 * @example
 * const body = encodedBody(new TextEncoder().encode(json));
 * if (etagMatches(request.headers.get('if-none-match'), body.etag)) return 304;
 * const coding = negotiateEncoding(request.headers.get('accept-encoding'), CODINGS);
 * send(body.bytes(coding));
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Chosen } from './contentEncoding';

/** One answer's bytes, ETag and compressed forms. */
export interface EncodedBody {
  /** Weak validator (RFC 9110 s8.8.3): one for the plain, brotli and gzip bytes of the same content. */
  etag: string;
  /** The bytes sent in `coding` (compressed on first ask, then kept). */
  bytes(coding: Chosen): Uint8Array<ArrayBuffer>;
}

/** The {@link EncodedBody} of `identity`. */
export function encodedBody(identity: Uint8Array<ArrayBuffer>): EncodedBody {
  const etag = `W/"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
  let br: Uint8Array<ArrayBuffer> | undefined;
  let gzip: Uint8Array<ArrayBuffer> | undefined;
  return {
    etag,
    bytes(coding) {
      if (coding === 'br') {
        return (br ??= new Uint8Array(brotliCompressSync(identity, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: identity.byteLength },
        })));
      }
      if (coding === 'gzip') return (gzip ??= new Uint8Array(gzipSync(identity, { level: 9 })));
      return identity;
    },
  };
}

/** Whether an If-None-Match header names `etag` (weak comparison, `*` included). */
export function etagMatches(header: string | null, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === opaque;
  });
}
