/** JPEG: the marker structure from SOI to EOI (further whole images only, as phones append), then a full decode. */
import { decode } from 'jpeg-js';
import { MAX_IMAGE_PIXELS, refusal, type InspectionRefusal } from './inspection';

/** Markers with no length field: SOI, EOI, RSTn, TEM. */
const standalone = (m: number) => m === 0xd8 || m === 0xd9 || (m >= 0xd0 && m <= 0xd7) || m === 0x01;

/**
 * Walk one JPEG image starting at `at` (its SOI): segment lengths, entropy-coded data to the next
 * marker, until EOI. Answers the offset after EOI, or a reason.
 */
export function walkJpeg(buf: Uint8Array, at: number): { end: number } | { reason: string } {
  if (buf[at] !== 0xff || buf[at + 1] !== 0xd8) return { reason: 'no SOI' };
  let p = at + 2;
  let sawFrame = false;
  let sawScan = false;
  while (p < buf.length) {
    if (buf[p] !== 0xff) return { reason: `expected a marker at ${p}` };
    while (buf[p] === 0xff) p++; // fill bytes
    if (p >= buf.length) break;
    const marker = buf[p++];
    if (marker === 0xd9) return sawFrame && sawScan ? { end: p } : { reason: 'EOI before a frame and a scan' };
    if (standalone(marker)) continue;
    if (p + 2 > buf.length) break;
    const length = (buf[p] << 8) | buf[p + 1];
    if (length < 2 || p + length > buf.length) return { reason: `segment 0x${marker.toString(16)} runs past the end` };
    if ((marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)) sawFrame = true;
    p += length;
    if (marker === 0xda) {
      if (!sawFrame) return { reason: 'scan before a frame header' };
      sawScan = true;
      // Entropy-coded data: 0xFF is followed by 0x00 (stuffing) or RSTn inside it; any other marker ends it.
      for (;;) {
        if (p + 1 >= buf.length) return { reason: 'scan data runs past the end' };
        if (buf[p] === 0xff && buf[p + 1] !== 0x00 && !(buf[p + 1] >= 0xd0 && buf[p + 1] <= 0xd7)) break;
        p++;
      }
    }
  }
  return { reason: 'no EOI' };
}

/** Null when `bytes` is a whole, decodable JPEG; else the refusal. */
export function inspectJpeg(bytes: Uint8Array): InspectionRefusal | null {
  const bad = (reason: string) => refusal('INVALID_FILE', `JPEG: ${reason}`);
  const first = walkJpeg(bytes, 0);
  if ('reason' in first) return bad(first.reason);
  // After the first image: nothing, zero padding, or further whole JPEG images (MPF: phones store extra images there).
  let at = first.end;
  while (at < bytes.length) {
    if (bytes[at] === 0xff && bytes[at + 1] === 0xd8) {
      const next = walkJpeg(bytes, at);
      if ('reason' in next) return bad(`appended image: ${next.reason}`);
      at = next.end;
    } else if (bytes.subarray(at).every((b) => b === 0)) {
      break;
    } else {
      return bad(`${bytes.length - at} bytes after EOI that are not an image`);
    }
  }
  try {
    const image = decode(bytes.subarray(0, first.end), { useTArray: true, formatAsRGBA: false, tolerantDecoding: false, maxResolutionInMP: MAX_IMAGE_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
    if (!image.width || !image.height) return bad('no image');
  } catch (e) {
    return bad(`does not decode (${(e as Error).message})`);
  }
  return null;
}
