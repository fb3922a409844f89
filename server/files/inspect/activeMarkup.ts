/** Markup a browser could run or render, searched for in a file's bytes (polyglots: PDF/HTML, image/HTML). */

/**
 * Markers of HTML or script, compared case-insensitively. Markers are long enough that random compressed
 * data hits one with negligible odds (the shortest, `<html`, about 3 times in 10,000 per 10 MB).
 */
export const ACTIVE_MARKERS = ['<script', '<html', '<!doctype'] as const;

const lowered = ACTIVE_MARKERS.map((m) => Buffer.from(m, 'latin1'));

/** The first marker found in `bytes` (case-insensitive), or null. */
export function findActiveMarkup(bytes: Uint8Array): string | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let from = buf.indexOf(0x3c); // '<'
  while (from !== -1) {
    for (const m of lowered) {
      if (from + m.length > buf.length) continue;
      let i = 1;
      while (i < m.length && (buf[from + i] | 0x20) === m[i]) i++;
      if (i === m.length) return m.toString('latin1');
    }
    from = buf.indexOf(0x3c, from + 1);
  }
  return null;
}
