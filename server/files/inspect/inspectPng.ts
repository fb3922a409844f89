/** PNG: every chunk's CRC, IHDR first, IEND last with nothing after, and the image data inflating to exactly its scanlines. */
import { crc32, inflateSync } from 'node:zlib';
import { MAX_IMAGE_PIXELS, refusal, type InspectionRefusal } from './inspection';

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
    } else if (type === 'PLTE') {
      sawPalette = true;
    } else if (type === 'IDAT') {
      if (idat.length && previous !== 'IDAT') return bad('IDAT chunks are not consecutive');
      idat.push(data);
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
  const expected = lines.reduce((n, l) => n + l.rows * (l.bytes + 1), 0);
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
