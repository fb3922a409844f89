/** File type by content (magic bytes), never by name. */

/** Types the server recognises by content, with their usual extensions (which of them a slot takes: settings.uploads). */
export const ACCEPTED_TYPES: Record<string, { ext: string }> = {
  'application/pdf': { ext: 'pdf' },
  'image/jpeg': { ext: 'jpg' },
  'image/png': { ext: 'png' },
  'image/gif': { ext: 'gif' },
  'application/msword': { ext: 'doc' },
  'application/vnd.ms-excel': { ext: 'xls' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': { ext: 'docx' },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { ext: 'xlsx' },
};

/** Largest upload (spec: 10,240,000 bytes). */
export const MAX_FILE_BYTES = 10_240_000;

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const contains = (b: Uint8Array, s: string) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(s, 0, 'latin1');

/** The MIME type the bytes are, among {@link ACCEPTED_TYPES}, or null. */
export function sniffType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    // OLE compound file: Word and Excel 97-2003 share the container; the stream names tell them apart.
    const utf16 = (s: string) => Buffer.from(s, 'utf16le').toString('latin1');
    if (contains(bytes, utf16('WordDocument'))) return 'application/msword';
    if (contains(bytes, utf16('Workbook')) || contains(bytes, utf16('Book'))) return 'application/vnd.ms-excel';
    return null;
  }
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (contains(bytes, 'word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (contains(bytes, 'xl/')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return null;
  }
  return null;
}

/** Normalise a client-declared type (`image/jpg` -> `image/jpeg`, parameters dropped). */
export function normaliseType(type: string): string {
  const t = type.split(';')[0].trim().toLowerCase();
  return t === 'image/jpg' || t === 'image/pjpeg' ? 'image/jpeg' : t;
}
