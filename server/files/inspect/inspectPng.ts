/**
 * PNG: every chunk's CRC, IHDR first, IEND last with nothing after, no active markup in its text chunks,
 * the image within the pixel and decoded-size limits its IHDR states, and the image data inflating to
 * exactly its scanlines (never to more).
 */
import { crc32, inflateSync } from 'node:zlib';
import { findMarkupInMetadata } from './activeMarkup';
import { MAX_DECODED_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_TEXT_BYTES, refusal, type InspectionRefusal } from './inspection';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Channels per colour type (PNG spec 11.2.2). */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/** Adam7 passes: x0, y0, dx, dy. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]];

/** Scanline sizes (without the filter byte) of the image or of each interlace pass. */
function scanlines(width: number, height: number, bitsPerPixel: number, interlaced: boolean): { rows: number; bytes: number }[] {
  const row = (w: number) => Math.ceil((w * bitsPerPixel) / 8);
  if (!interlaced) return [{ rows: height, bytes: row(width) }];
  return ADAM7.map(([x0, y0, dx, dy]) => {
    const w = Math.ceil((width - x0) / dx);
    const h = Math.ceil((height - y0) / dy);
    return w > 0 && h > 0 ? { rows: h, bytes: row(w) } : { rows: 0, bytes: 0 };
  });
}

/**
 * The text of a tEXt, zTXt or iTXt chunk (compressed text inflated within `room` bytes), or a reason.
 * Keyword and language fields are included: markup anywhere in the chunk counts.
 */
function chunkText(type: string, data: Buffer, room: number): Buffer | string {
  if (type === 'tEXt') return data;
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 0) return `${type} without a keyword`;
  // zTXt: keyword \0, method, compressed text. iTXt: keyword \0, flag, method, language \0, translated keyword \0, text.
  let textStart = keywordEnd + 2;
  if (type === 'iTXt') {
    const language = data.indexOf(0, keywordEnd + 3);
    const translated = language < 0 ? -1 : data.indexOf(0, language + 1);
    if (translated < 0) return 'iTXt without its language and translated keyword';
    if (data[keywordEnd + 1] !== 1) return data;
    textStart = translated + 1;
  }
  try {
    return Buffer.concat([data.subarray(0, textStart), inflateSync(data.subarray(textStart), { maxOutputLength: Math.max(1, room) })]);
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return `text chunks inflate to more than ${MAX_IMAGE_TEXT_BYTES} bytes`;
    return `${type} text does not inflate`;
  }
}

/** Bytes the image data inflates to (every scanline with its filter byte), from the IHDR alone. */
function decodedSize(h: { width: number; height: number; depth: number; colour: number; interlaced: boolean }): number {
  return scanlines(h.width, h.height, CHANNELS[h.colour] * h.depth, h.interlaced).reduce((n, l) => n + l.rows * (l.bytes + 1), 0);
}

/** Null when `bytes` is a whole, decodable PNG; else the refusal. */
export function inspectPng(bytes: Uint8Array): InspectionRefusal | null {
  const bad = (reason: string) => refusal('INVALID_FILE', `PNG: ${reason}`);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!SIGNATURE.every((b, i) => buf[i] === b)) return bad('no signature');
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlaced: boolean } | null = null;
  let sawPalette = false;
  let previous = '';
  const idat: Buffer[] = [];
  let ended = false;
  let textRoom = MAX_IMAGE_TEXT_BYTES;
  while (at < buf.length) {
    if (at + 12 > buf.length) return bad('truncated chunk');
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    if (length > 0x7fffffff || at + 12 + length > buf.length) return bad(`chunk ${JSON.stringify(type)} runs past the end`);
    if (!/^[A-Za-z]{4}$/.test(type)) return bad('invalid chunk type');
    const data = buf.subarray(at + 8, at + 8 + length);
    if (crc32(buf.subarray(at + 4, at + 8 + length)) !== buf.readUInt32BE(at + 8 + length)) return bad(`CRC mismatch in ${type}`);
    if (!header && type !== 'IHDR') return bad('IHDR is not first');
    if (type === 'IHDR') {
      if (header || length !== 13) return bad('bad IHDR');
      const [width, height] = [data.readUInt32BE(0), data.readUInt32BE(4)];
      const [depth, colour, compression, filter, interlace] = [data[8], data[9], data[10], data[11], data[12]];
      if (!width || !height || !DEPTHS[colour]?.includes(depth) || compression !== 0 || filter !== 0 || interlace > 1) return bad('invalid IHDR values');
      if (width * height > MAX_IMAGE_PIXELS) return bad(`${width}x${height} is larger than ${MAX_IMAGE_PIXELS} pixels`);
      header = { width, height, depth, colour, interlaced: interlace === 1 };
      const decoded = decodedSize(header);
      if (decoded > MAX_DECODED_IMAGE_BYTES) return bad(`${width}x${height} at ${depth} bits x ${CHANNELS[colour]} channels decodes to ${decoded} bytes, more than ${MAX_DECODED_IMAGE_BYTES}`);
    } else if (type === 'PLTE') {
      sawPalette = true;
    } else if (type === 'IDAT') {
      if (idat.length && previous !== 'IDAT') return bad('IDAT chunks are not consecutive');
      idat.push(data);
    } else if (type === 'tEXt' || type === 'zTXt' || type === 'iTXt') {
      const text = chunkText(type, data, textRoom);
      if (typeof text === 'string') return bad(text);
      textRoom -= text.length;
      if (textRoom < 0) return bad(`text chunks hold more than ${MAX_IMAGE_TEXT_BYTES} bytes`);
      const markup = findMarkupInMetadata(text);
      if (markup) return refusal('UNSAFE_CONTENT', `PNG: a ${type} chunk carries '${markup}'`);
    } else if (type === 'IEND') {
      at += 12 + length;
      ended = true;
      break;
    }
    previous = type;
    at += 12 + length;
  }
  if (!header || !ended) return bad('no IEND');
  if (at !== buf.length) return bad(`${buf.length - at} bytes after IEND`);
  if (!idat.length) return bad('no image data');
  if (header.colour === 3 && !sawPalette) return bad('palette image without PLTE');
  const lines = scanlines(header.width, header.height, CHANNELS[header.colour] * header.depth, header.interlaced);
  const expected = decodedSize(header);
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch (e) {
    return bad(`image data does not inflate (${(e as Error).message})`);
  }
  if (raw.length !== expected) return bad(`image data is ${raw.length} bytes, scanlines need ${expected}`);
  let p = 0;
  for (const l of lines) {
    for (let r = 0; r < l.rows; r++) {
      if (raw[p] > 4) return bad(`invalid filter type ${raw[p]}`);
      p += l.bytes + 1;
    }
  }
  return null;
}
