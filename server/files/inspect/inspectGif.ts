/**
 * GIF: header, blocks, every frame's LZW data decoding to exactly its pixels (within the pixel limits
 * of the logical screen and of all frames together, read from the headers first), no active markup in
 * its comment, text and application extensions, the trailer last with nothing after.
 */
import { findMarkupInMetadata } from './activeMarkup';
import { MAX_DECODED_IMAGE_BYTES, MAX_IMAGE_PIXELS, refusal, type InspectionRefusal } from './inspection';

/** Decode one frame's LZW data; answers the number of pixel indices produced (stops at `limit` + 1). */
function lzwCount(data: Uint8Array, minCodeSize: number, limit: number): number | string {
  if (minCodeSize < 2 || minCodeSize > 8) return `invalid LZW code size ${minCodeSize}`;
  const clear = 1 << minCodeSize;
  const end = clear + 1;
  // Each table entry's length; the content itself is not needed to count pixels and check codes.
  const lengths = new Uint32Array(4096);
  for (let i = 0; i < clear; i++) lengths[i] = 1;
  let size = minCodeSize + 1;
  let next = end + 1;
  let prev = -1;
  let out = 0;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < data.length; i++) {
    acc |= data[i] << bits;
    bits += 8;
    while (bits >= size) {
      const code = acc & ((1 << size) - 1);
      acc >>>= size;
      bits -= size;
      if (code === clear) {
        size = minCodeSize + 1;
        next = end + 1;
        prev = -1;
        continue;
      }
      if (code === end) return out;
      if (prev === -1) {
        if (code >= clear) return `first code ${code} is not a literal`;
        out += 1;
      } else {
        if (code > next || (code === next && next >= 4096)) return `code ${code} not yet defined`;
        const len = code === next ? lengths[prev] + 1 : lengths[code];
        out += len;
        if (next < 4096) {
          lengths[next] = lengths[prev] + 1;
          next++;
          if (next === 1 << size && size < 12) size++;
        }
      }
      prev = code;
      if (out > limit) return out;
    }
  }
  return out;
}

/** Null when `bytes` is a whole GIF whose frames decode; else the refusal. */
export function inspectGif(bytes: Uint8Array): InspectionRefusal | null {
  const bad = (reason: string) => refusal('INVALID_FILE', `GIF: ${reason}`);
  const u16 = (p: number) => bytes[p] | (bytes[p + 1] << 8);
  if (bytes.length < 13) return bad('truncated header');
  const width = u16(6);
  const height = u16(8);
  if (!width || !height || width * height > MAX_IMAGE_PIXELS) return bad(`invalid screen size ${width}x${height}`);
  let p = 13;
  if (bytes[10] & 0x80) p += 3 * (1 << ((bytes[10] & 7) + 1));
  // Data sub-blocks from `p`: answers their concatenation and the offset after the terminator.
  const subBlocks = (from: number): { data: Uint8Array; end: number } | null => {
    const parts: Uint8Array[] = [];
    let q = from;
    while (q < bytes.length) {
      const n = bytes[q];
      if (n === 0) return { data: Buffer.concat(parts), end: q + 1 };
      if (q + 1 + n > bytes.length) return null;
      parts.push(bytes.subarray(q + 1, q + 1 + n));
      q += 1 + n;
    }
    return null;
  };
  let frames = 0;
  // Every frame decodes to one byte a pixel: an animation of many full-screen frames is refused as its frames are read.
  let pixelRoom = MAX_DECODED_IMAGE_BYTES;
  while (p < bytes.length) {
    const block = bytes[p];
    if (block === 0x3b) {
      if (p + 1 !== bytes.length) return bad(`${bytes.length - p - 1} bytes after the trailer`);
      return frames ? null : bad('no image');
    }
    if (block === 0x21) {
      const body = subBlocks(p + 2);
      if (!body) return bad('truncated extension');
      // Comment (0xFE), plain text (0x01) and application (0xFF, e.g. XMP) extensions hold text.
      const markup = bytes[p + 1] === 0xf9 ? null : findMarkupInMetadata(body.data);
      if (markup) return refusal('UNSAFE_CONTENT', `GIF: an extension carries '${markup}'`);
      p = body.end;
    } else if (block === 0x2c) {
      if (p + 10 > bytes.length) return bad('truncated image descriptor');
      const [x, y, w, h, flags] = [u16(p + 1), u16(p + 3), u16(p + 5), u16(p + 7), bytes[p + 9]];
      if (!w || !h || x + w > width || y + h > height) return bad(`frame ${w}x${h} at ${x},${y} outside the ${width}x${height} screen`);
      p += 10;
      if (flags & 0x80) p += 3 * (1 << ((flags & 7) + 1));
      if (!(flags & 0x80) && !(bytes[10] & 0x80)) return bad('frame without a colour table');
      pixelRoom -= w * h;
      if (pixelRoom < 0) return bad(`frames decode to more than ${MAX_DECODED_IMAGE_BYTES} pixels`);
      const minCodeSize = bytes[p];
      const body = subBlocks(p + 1);
      if (!body) return bad('truncated image data');
      const count = lzwCount(body.data, minCodeSize, w * h);
      if (typeof count === 'string') return bad(count);
      if (count < w * h) return bad(`frame decodes to ${count} pixels, fewer than its ${w * h}`);
      frames++;
      p = body.end;
    } else {
      return bad(`unknown block 0x${block.toString(16)} at ${p}`);
    }
  }
  return bad('no trailer');
}
