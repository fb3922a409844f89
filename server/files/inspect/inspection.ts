/** What an inspector answers: nothing when the file is wholly what it claims, else why not. */

/** Refusal codes of a content inspection (each has a catalogue text `api.error.<code>`). */
export const INSPECTION_CODES = ['EMPTY', 'TOO_LARGE', 'TYPE_MISMATCH', 'INVALID_FILE', 'UNSAFE_CONTENT', 'ENCRYPTED_FILE'] as const;
export type InspectionCode = (typeof INSPECTION_CODES)[number];

/** Why the bytes were refused: a code for the caller and a reason for developers and logs. */
export interface InspectionRefusal {
  code: InspectionCode;
  reason: string;
}

/** A refusal of `code` with `reason`. */
export const refusal = (code: InspectionCode, reason: string): InspectionRefusal => ({ code, reason });

/**
 * The types the server inspects, and so stores: each has its inspector in inspectFile.ts (`INSPECTORS`). Listed here,
 * without the decoders, for what only needs the names (upload rules, on the server's thread).
 */
export const INSPECTED_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
/** A type the server inspects. */
export type InspectedType = (typeof INSPECTED_TYPES)[number];
/** Whether `type` is one the server inspects. */
export const isInspectedType = (type: string): type is InspectedType => (INSPECTED_TYPES as readonly string[]).includes(type);

/**
 * Limits of what one inspection may decode, each checked from the file's headers before decoding where
 * they tell it, and enforced again while decoding (documented in server/README.md, "Uploads"):
 * - PNG and GIF: at most {@link MAX_IMAGE_PIXELS} pixels, and at most {@link MAX_DECODED_IMAGE_BYTES}
 *   of decoded image data (PNG: scanlines of width x height x channels x bit depth; GIF: every frame's pixels);
 * - JPEG: at most {@link MAX_JPEG_PIXELS} pixels (the frame header) and {@link MAX_JPEG_SCANS} scans: the
 *   decoder's time grows with both (about 0.5 s per million pixels on a 2-core server);
 * - image text metadata (PNG text chunks, compressed ones inflated): at most {@link MAX_IMAGE_TEXT_BYTES};
 * - PDF streams and office (ZIP) members: their own budgets (inspectPdf.ts, inspectOoxml.ts).
 */
/** Largest image (pixels) decoded: larger is refused from its header, never allocated. */
export const MAX_IMAGE_PIXELS = 40_000_000;
/** Most bytes of decoded image data (PNG scanlines, GIF frame pixels) one image may have. */
export const MAX_DECODED_IMAGE_BYTES = 160 * 1024 * 1024;
/** Largest JPEG (pixels) decoded: a 24-megapixel phone photo passes, 6000 x 6000 does not. */
export const MAX_JPEG_PIXELS = 25_000_000;
/** Most scans one JPEG may have (progressive photos have about 10; each scan walks the whole image again). */
export const MAX_JPEG_SCANS = 32;
/** Most bytes of text metadata one image may carry (after inflating compressed text). */
export const MAX_IMAGE_TEXT_BYTES = 1024 * 1024;
