/** Word and Excel 97-2003 (.doc, .xls): an OLE compound file that parses, with the stream of its type and no macros. */
import * as CFB from 'cfb';
import { refusal, type InspectionRefusal } from './inspection';

/** Stream names that make a compound file a document of each type. */
const MAIN_STREAMS: Record<string, string[]> = {
  'application/msword': ['WordDocument'],
  'application/vnd.ms-excel': ['Workbook', 'Book'],
};

/** Null when `bytes` is a whole compound file of `mimeType`; else the refusal. */
export function inspectOle(bytes: Uint8Array, mimeType: string): InspectionRefusal | null {
  const bad = (reason: string) => refusal('INVALID_FILE', `compound file: ${reason}`);
  const wanted = MAIN_STREAMS[mimeType];
  if (!wanted) return bad(`no rules for ${mimeType}`);
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { type: 'buffer', WTF: true });
  } catch (e) {
    return bad(`does not parse (${(e as Error).message})`);
  }
  const names = container.FileIndex.map((e) => e.name);
  if (names.includes('EncryptedPackage') || names.includes('EncryptionInfo')) return refusal('ENCRYPTED_FILE', 'the office file is password-protected');
  if (names.some((n) => /^(_VBA_PROJECT_CUR|_VBA_PROJECT|Macros|VBA)$/i.test(n))) return refusal('UNSAFE_CONTENT', 'the office file carries macros');
  const main = container.FileIndex.find((e) => e.type === 2 && wanted.includes(e.name));
  if (!main) return bad(`no ${wanted.join(' or ')} stream`);
  if (!main.content || main.content.length === 0 || main.content.length !== main.size) return bad(`${main.name} stream is empty or truncated`);
  return null;
}
