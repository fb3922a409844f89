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

/**
 * Elements a browser renders or runs, as an HTML tokenizer reads a tag's start: `<`, the name
 * (case-insensitive), then white space, `/` or `>`. Searched for in an image's text metadata only.
 */
const METADATA_TAGS = ['script', 'html', '!doctype', 'svg', 'iframe', 'frame', 'object', 'embed', 'img', 'image', 'body', 'meta', 'base', 'form', 'math', 'link', 'style', 'video', 'audio'];
const TAG = new RegExp(`<(${METADATA_TAGS.join('|')})[\\s/>]`, 'i');
/** An event-handler attribute (`onload=`, ` onerror =`): after white space, a quote or `/`, as HTML separates attributes. */
const HANDLER = /[\s"'/](on[a-z]{3,})\s*=/i;
/** Script URLs. */
const SCRIPT_URL = /\b(javascript|vbscript|livescript)\s*:|data\s*:\s*text\/html/i;

/**
 * The first active markup in an image's text metadata (JPEG comments and APPn segments, PNG text chunks,
 * GIF comment and application extensions), or null: a tag of {@link METADATA_TAGS}, an `on…=` handler, or a
 * script URL. Stricter than {@link findActiveMarkup}, which looks through every byte (compressed pixels
 * included) and so keeps to markers chance does not produce: metadata is text, where none of these belongs.
 */
export function findMarkupInMetadata(bytes: Uint8Array): string | null {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const tag = TAG.exec(text);
  if (tag) return `<${tag[1]}`;
  const handler = HANDLER.exec(text);
  if (handler) return `${handler[1]}=`;
  const url = SCRIPT_URL.exec(text);
  return url ? url[0] : null;
}
