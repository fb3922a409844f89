/**
 * PDF: parses as a PDF with at least one page, is not encrypted, and carries no active content: no
 * JavaScript, open or additional actions, no action that reaches outside the document or launches
 * something (GoToR, GoToE, Launch, URI, SubmitForm, ImportData, Movie, Sound, Rendition, RichMedia),
 * no embedded files or XFA, found by name in the parsed objects, in the raw bytes and in every decoded
 * object and content stream (so compressed object streams are searched too), and no HTML or script
 * markup in them. Such a PDF is refused (UNSAFE_CONTENT), never rewritten: the stored file is always
 * the bytes the user sent, and a link or action in it is never followed by anyone who opens it here.
 */
import { inflateSync } from 'node:zlib';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { findActiveMarkup } from './activeMarkup';
import { refusal, type InspectionRefusal } from './inspection';

/** Names of active content, long enough to search for in binary data without chance hits. */
const ACTIVE_NAMES_LONG = new Set([
  'JavaScript', 'OpenAction', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia', 'RichMediaExecute', 'SubmitForm', 'ImportData',
  // Actions that open another file or a web address, or play media (which may be fetched from elsewhere).
  'GoToR', 'Movie', 'Sound', 'Rendition',
]);
/** Short names of active content: searched for in objects only (in binary data they would hit by chance). */
const ACTIVE_NAMES_SHORT = new Set(['JS', 'AA', 'XFA', 'GoToE', 'URI']);
/** Most bytes the streams of one PDF may decode to (decompression bombs are refused). */
export const MAX_PDF_DECODED_BYTES = 256 * 1024 * 1024;
/** Largest stream with filters other than Flate that is decoded for inspection. */
const MAX_OTHER_FILTER_BYTES = 256 * 1024;
/** Image codecs: their data is pixels, not objects or text. */
const IMAGE_FILTERS = new Set(['DCTDecode', 'JPXDecode', 'CCITTFaxDecode', 'JBIG2Decode']);

// A name token ends at white space (NUL included) or a delimiter; #xx escapes are decoded before comparing.
const NAME = /\/((?:[^\s\0/[\]()<>{}%]|#[0-9A-Fa-f]{2})+)/g;
const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The first active-content name among the name tokens of `text`, checking short names too when `all`. */
function activeNameIn(text: string, all: boolean): string | null {
  for (const m of text.matchAll(NAME)) {
    const name = decodeName(m[1]);
    if (ACTIVE_NAMES_LONG.has(name) || (all && ACTIVE_NAMES_SHORT.has(name))) return name;
  }
  return null;
}

/** Offsets [start, end) of stream bodies in the raw file (from `stream` EOL to the next `endstream`). */
function streamBodies(buf: Buffer): [number, number][] {
  const out: [number, number][] = [];
  let at = buf.indexOf('stream', 0, 'latin1');
  while (at !== -1) {
    const before = buf[at - 1];
    let start = at + 6;
    if (buf[start] === 0x0d) start++;
    const isKeyword = buf[start] === 0x0a && !(before >= 0x61 && before <= 0x7a) && !(before >= 0x41 && before <= 0x5a);
    if (isKeyword) {
      start++;
      const end = buf.indexOf('endstream', start, 'latin1');
      if (end === -1) {
        out.push([start, buf.length]);
        break;
      }
      out.push([start, end]);
      at = buf.indexOf('stream', end + 9, 'latin1');
    } else {
      at = buf.indexOf('stream', at + 6, 'latin1');
    }
  }
  return out;
}

/** The filter names of a stream dictionary. */
function filtersOf(dict: PDFDict): string[] {
  const f = dict.lookup(PDFName.of('Filter'));
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return f.asArray().map((x) => (x instanceof PDFName ? x.decodeText() : '?'));
  return [];
}

const nameOf = (dict: PDFDict, key: string): string | undefined => {
  const v = dict.lookup(PDFName.of(key));
  return v instanceof PDFName ? v.decodeText() : undefined;
};

/** Null when `bytes` is a PDF with pages and no active content; else the refusal. `maxDecoded`: the streams' decoding budget. */
export async function inspectPdf(bytes: Uint8Array, _type?: string, maxDecoded = MAX_PDF_DECODED_BYTES): Promise<InspectionRefusal | null> {
  const bad = (reason: string) => refusal('INVALID_FILE', `PDF: ${reason}`);
  const unsafe = (reason: string) => refusal('UNSAFE_CONTENT', `PDF: ${reason}`);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

  // 1. Raw bytes: long names anywhere; every name outside stream bodies. Every Flate stream must
  //    inflate within the budget before the parser (which inflates object streams) sees it.
  const bodies = streamBodies(buf);
  let budget = maxDecoded;
  let outside = '';
  let from = 0;
  for (const [start, end] of bodies) {
    outside += buf.toString('latin1', from, start);
    from = end;
    try {
      budget -= inflateSync(buf.subarray(start, end), { maxOutputLength: Math.max(1, budget) }).length;
    } catch (e) {
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return bad(`streams decode to more than ${maxDecoded} bytes`);
      // not Flate data (an image codec, another filter, or none): the parsed objects below say which
    }
  }
  outside += buf.toString('latin1', from);
  const rawName = activeNameIn(outside, true) ?? activeNameIn(buf.toString('latin1'), false);
  if (rawName) return unsafe(`carries /${rawName}`);

  // 2. Parse: structure, pages, encryption.
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { ignoreEncryption: true, throwOnInvalidObject: true, updateMetadata: false });
  } catch (e) {
    return bad(`does not parse (${(e as Error).message})`);
  }
  // Encrypted strings and streams cannot be searched.
  if (doc.isEncrypted) return refusal('ENCRYPTED_FILE', 'PDF is encrypted');
  try {
    if (doc.getPageCount() < 1) return bad('no pages');
  } catch (e) {
    return bad(`no page tree (${(e as Error).message})`);
  }

  // 3. Every parsed object: names anywhere in it; streams decoded and searched (a budget of their own).
  budget = maxDecoded;
  const walk = (o: PDFObject | undefined, depth: number): string | null => {
    if (!o || depth > 64) return null;
    if (o instanceof PDFName) {
      const n = o.decodeText();
      return ACTIVE_NAMES_LONG.has(n) || ACTIVE_NAMES_SHORT.has(n) ? n : null;
    }
    if (o instanceof PDFDict) {
      for (const [k, v] of o.entries()) {
        const hit = walk(k, depth + 1) ?? walk(v, depth + 1);
        if (hit) return hit;
      }
      return null;
    }
    if (o instanceof PDFArray) {
      for (const v of o.asArray()) {
        const hit = walk(v, depth + 1);
        if (hit) return hit;
      }
      return null;
    }
    if (o instanceof PDFRawStream) return walk(o.dict, depth + 1);
    return null;
  };
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    const hit = walk(object, 0);
    if (hit) return unsafe(`object ${ref.objectNumber} carries /${hit}`);
    if (!(object instanceof PDFRawStream)) continue;
    const dict = object.dict;
    const filters = filtersOf(dict);
    const subtype = nameOf(dict, 'Subtype');
    const isFont = ['Length1', 'Length2', 'Length3'].some((k) => dict.has(PDFName.of(k))) || ['Type1C', 'CIDFontType0C', 'OpenType'].includes(subtype ?? '');
    if (subtype === 'Image' || isFont || filters.length === 0 || filters.some((f) => IMAGE_FILTERS.has(f))) continue;
    let decoded: Uint8Array;
    if (filters.length === 1 && filters[0] === 'FlateDecode') {
      try {
        decoded = inflateSync(object.contents, { maxOutputLength: Math.max(1, budget) });
      } catch (e) {
        if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return bad(`streams decode to more than ${maxDecoded} bytes`);
        return bad(`object ${ref.objectNumber}: stream does not inflate`);
      }
    } else {
      if (object.contents.length > MAX_OTHER_FILTER_BYTES) return bad(`object ${ref.objectNumber}: a ${filters.join('+')} stream over ${MAX_OTHER_FILTER_BYTES} bytes cannot be inspected`);
      try {
        decoded = decodePDFRawStream(object).decode();
      } catch (e) {
        return bad(`object ${ref.objectNumber}: stream does not decode (${(e as Error).message})`);
      }
    }
    budget -= decoded.length;
    if (budget < 0) return bad(`streams decode to more than ${maxDecoded} bytes`);
    const text = Buffer.from(decoded.buffer, decoded.byteOffset, decoded.byteLength).toString('latin1');
    const isObjectStream = nameOf(dict, 'Type') === 'ObjStm';
    const name = activeNameIn(text, isObjectStream);
    if (name) return unsafe(`object ${ref.objectNumber}: a stream carries /${name}`);
    const markup = findActiveMarkup(decoded);
    if (markup) return unsafe(`object ${ref.objectNumber}: a stream carries '${markup}'`);
  }
  return null;
}
