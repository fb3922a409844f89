/**
 * Content negotiation of Accept-Encoding (RFC 9110 §12.5.3) and the codings the server sends: br,
 * then gzip, else the bytes as they are (identity).
 * @example negotiateEncoding('gzip;q=0.8, br;q=0.5', ['br', 'gzip']) // 'gzip'
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** A content coding the server can send. */
export type Coding = 'br' | 'gzip';
/** What goes out: a coding, or the bytes as they are. */
export type Chosen = Coding | 'identity';

/** The codings in the server's order of preference (smaller first). */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

/** Media types already compressed (images, fonts, PDF, archives): never compressed again. */
const COMPRESSED = /^(?:image\/(?!svg)|font\/woff2?|application\/(?:pdf|zip|gzip|x-gzip|octet-stream)|video\/|audio\/)/;

/** Whether a response of `type` (its Content-Type) is text worth compressing. */
export function compressible(type: string | null): boolean {
  return type !== null && !COMPRESSED.test(type);
}

/** Header values seen (browsers send a handful): parsed once each, bounded. */
const parsed = new Map<string, Map<string, number>>();
const MAX_REMEMBERED = 200;

/** The q-value of each coding named in `header` (lower-cased; `x-gzip` is gzip); entries with a malformed q are ignored. */
function weights(header: string): Map<string, number> {
  let found = parsed.get(header);
  if (found) return found;
  found = new Map();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    let coding = name.trim().toLowerCase();
    if (coding === '') continue;
    if (coding === 'x-gzip') coding = 'gzip';
    let q = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      if (key.trim().toLowerCase() !== 'q') continue;
      q = /^\s*(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)\s*$/.test(value) ? Number(value) : NaN;
    }
    if (!Number.isNaN(q) && !found.has(coding)) found.set(coding, q);
  }
  if (parsed.size < MAX_REMEMBERED) parsed.set(header, found);
  return found;
}

/**
 * The coding to send for a request's Accept-Encoding, among `available` (in the server's order of
 * preference): the acceptable one of highest q, br before gzip on a tie; identity when the header
 * names it above all of them, when none is acceptable, or with no header (or an empty one). A coding
 * not named is refused unless `*` gives it a q. When identity is refused too (`identity;q=0`, or
 * `*;q=0`), identity anyway: a page the client can read, rather than a 406.
 */
export function negotiateEncoding(header: string | null, available: readonly Coding[]): Chosen {
  if (header === null || available.length === 0) return 'identity';
  const q = weights(header);
  if (q.size === 0) return 'identity';
  const any = q.get('*');
  let best: Chosen = 'identity';
  let bestQ = 0;
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const weight = q.get(coding) ?? any ?? 0;
    if (weight > bestQ) {
      best = coding;
      bestQ = weight;
    }
  }
  // identity wins only where the header names it above every coding (else it is the fallback).
  const identity = q.get('identity') ?? 0;
  return identity > bestQ ? 'identity' : best;
}

/** `value` with `Accept-Encoding` added to a Vary list (unchanged when it names it, or `*`). */
export function varyOnEncoding(value: string | null): string {
  if (value === null || value.trim() === '') return 'Accept-Encoding';
  return /(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value) ? value : `${value}, Accept-Encoding`;
}

/** Brotli quality of responses compressed per request (11, the build's, costs ~20x more CPU for a few % smaller). */
export const DYNAMIC_BROTLI_QUALITY = 4;
/** gzip level of responses compressed per request. */
export const DYNAMIC_GZIP_LEVEL = 6;

/** `body` compressed with `coding` at the per-request settings. */
export function compressNow(body: Uint8Array, coding: Coding): Buffer {
  return coding === 'br'
    ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength } })
    : gzipSync(body, { level: DYNAMIC_GZIP_LEVEL });
}
