/**
 * JPEG: the marker structure from SOI to EOI (further whole images only, as phones append), no active
 * markup in its text metadata (comments, APPn segments), the frame within the pixel and scan limits read
 * from its headers, then a full decode (within the same limits).
 */
import { decode } from 'jpeg-js';
import { findMarkupInMetadata } from './activeMarkup';
import { MAX_JPEG_PIXELS, MAX_JPEG_SCANS, refusal, type InspectionRefusal } from './inspection';

/** Markers with no length field: SOI, EOI, RSTn, TEM. */
const standalone = (m: number) => m === 0xd8 || m === 0xd9 || (m >= 0xd0 && m <= 0xd7) || m === 0x01;
/** Start-of-frame markers (SOF0-15 but DHT, JPG and DAC). */
const isFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;
/** Comment (COM) and application (APPn) segments: where metadata text lives. */
const isMetadata = (m: number) => m === 0xfe || (m >= 0xe0 && m <= 0xef);

/** One image's structure as its headers state it. */
export interface JpegImage {
  /** Offset after its EOI. */
  end: number;
  width: number;
  height: number;
  /** SOS segments (a progressive image has several). */
  scans: number;
  /** Bodies of its COM and APPn segments. */
  metadata: Uint8Array[];
}

/**
 * Walk one JPEG image starting at `at` (its SOI): segment lengths, entropy-coded data to the next
 * marker, until EOI. Answers the image's structure, or a reason.
 */
export function walkJpeg(buf: Uint8Array, at: number): JpegImage | { reason: string } {
  if (buf[at] !== 0xff || buf[at + 1] !== 0xd8) return { reason: 'no SOI' };
  let p = at + 2;
  let frame: { width: number; height: number } | null = null;
  let scans = 0;
  const metadata: Uint8Array[] = [];
  while (p < buf.length) {
    if (buf[p] !== 0xff) return { reason: `expected a marker at ${p}` };
    while (buf[p] === 0xff) p++; // fill bytes
    if (p >= buf.length) break;
    const marker = buf[p++];
    if (marker === 0xd9) return frame && scans ? { end: p, ...frame, scans, metadata } : { reason: 'EOI before a frame and a scan' };
    if (standalone(marker)) continue;
    if (p + 2 > buf.length) break;
    const length = (buf[p] << 8) | buf[p + 1];
    if (length < 2 || p + length > buf.length) return { reason: `segment 0x${marker.toString(16)} runs past the end` };
    if (isFrame(marker)) {
      if (frame) return { reason: 'a second frame header' };
      if (length < 8) return { reason: 'truncated frame header' };
      // SOF: precision (1), height (2), width (2), components (1).
      const height = (buf[p + 3] << 8) | buf[p + 4];
      const width = (buf[p + 5] << 8) | buf[p + 6];
      if (!width || !height) return { reason: `frame of ${width}x${height} (a height given later, by DNL, is not accepted)` };
      if (width * height > MAX_JPEG_PIXELS) return { reason: `${width}x${height} is larger than ${MAX_JPEG_PIXELS} pixels` };
      frame = { width, height };
    }
    if (isMetadata(marker)) metadata.push(buf.subarray(p + 2, p + length));
    p += length;
    if (marker === 0xda) {
      if (!frame) return { reason: 'scan before a frame header' };
      if (++scans > MAX_JPEG_SCANS) return { reason: `more than ${MAX_JPEG_SCANS} scans` };
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
  const images = [first];
  // After the first image: nothing, zero padding, or further whole JPEG images (MPF: phones store extra images there).
  let at = first.end;
  while (at < bytes.length) {
    if (bytes[at] === 0xff && bytes[at + 1] === 0xd8) {
      const next = walkJpeg(bytes, at);
      if ('reason' in next) return bad(`appended image: ${next.reason}`);
      images.push(next);
      at = next.end;
    } else if (bytes.subarray(at).every((b) => b === 0)) {
      break;
    } else {
      return bad(`${bytes.length - at} bytes after EOI that are not an image`);
    }
  }
  for (const segment of images.flatMap((i) => i.metadata)) {
    const markup = findMarkupInMetadata(segment);
    if (markup) return refusal('UNSAFE_CONTENT', `JPEG: metadata carries '${markup}'`);
  }
  try {
    const image = decode(bytes.subarray(0, first.end), { useTArray: true, formatAsRGBA: false, tolerantDecoding: false, maxResolutionInMP: MAX_JPEG_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
    if (!image.width || !image.height) return bad('no image');
  } catch (e) {
    return bad(`does not decode (${(e as Error).message})`);
  }
  return null;
}
