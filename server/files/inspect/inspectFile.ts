/**
 * The one content check of every upload: size, type by content, no active markup, and the type's own
 * structure. `inspectFile` (inspectionPool.ts) runs it on a worker thread of the shared pool, never on the
 * event loop; {@link inspectHere} is the check itself, which the workers run. Only the workers load this module
 * and its decoders (pdf-lib, jpeg-js, cfb): the server's thread never imports it.
 */
import { MAX_FILE_BYTES, normaliseType, sniffType } from '../contentType';
import { findActiveMarkup } from './activeMarkup';
import { inspectGif } from './inspectGif';
import { inspectJpeg } from './inspectJpeg';
import { inspectOle } from './inspectOle';
import { inspectOoxml } from './inspectOoxml';
import { inspectPdf } from './inspectPdf';
import { inspectPng } from './inspectPng';
import { refusal, type InspectedType, type InspectionRefusal } from './inspection';

type Inspector = (bytes: Uint8Array, mimeType: string) => InspectionRefusal | null | Promise<InspectionRefusal | null>;

/** The structural inspector of each type the server stores; a type without one is never stored. */
export const INSPECTORS: Record<InspectedType, Inspector> = {
  'application/pdf': inspectPdf,
  'image/png': inspectPng,
  'image/jpeg': inspectJpeg,
  'image/gif': inspectGif,
  'application/msword': inspectOle,
  'application/vnd.ms-excel': inspectOle,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': inspectOoxml,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': inspectOoxml,
};

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Null when `bytes` are wholly a file of the declared type; else why not, on the calling thread (a worker's:
 * decoding can take seconds). Checks, in order: not empty,
 * at most {@link MAX_FILE_BYTES}, the content's type is the declared one, no HTML or script markup
 * anywhere in the bytes, and the type's structure (it parses or decodes completely, nothing appended,
 * no active content).
 */
export async function inspectHere(bytes: Uint8Array, declaredType: string): Promise<InspectionRefusal | null> {
  const mimeType = normaliseType(declaredType);
  if (bytes.byteLength === 0) return refusal('EMPTY', 'the file is empty');
  if (bytes.byteLength > MAX_FILE_BYTES) return refusal('TOO_LARGE', `${bytes.byteLength} bytes, at most ${MAX_FILE_BYTES}`);
  const inspector = (INSPECTORS as Record<string, Inspector | undefined>)[mimeType];
  if (!inspector) return refusal('TYPE_MISMATCH', `no inspector for ${mimeType}`);
  const actual = sniffType(bytes);
  if (actual !== mimeType) {
    // Password-protected Word and Excel 2007+ files are compound files holding an encrypted package.
    const isOoxml = mimeType.startsWith('application/vnd.openxmlformats-');
    if (isOoxml && OLE.every((b, i) => bytes[i] === b) && Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(Buffer.from('EncryptedPackage', 'utf16le'))) {
      return refusal('ENCRYPTED_FILE', 'the office file is password-protected');
    }
    return refusal('TYPE_MISMATCH', `declared ${mimeType}, content is ${actual ?? 'of no accepted type'}`);
  }
  const markup = findActiveMarkup(bytes);
  if (markup) return refusal('UNSAFE_CONTENT', `the bytes carry '${markup}'`);
  return inspector(bytes, mimeType);
}
