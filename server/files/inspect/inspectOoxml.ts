/** Word and Excel 2007+ (.docx, .xlsx): a whole ZIP container whose every member checks out, with the parts of its type and no macros. */
import { readZipDirectory, readZipEntry } from './readZip';
import { refusal, type InspectionRefusal } from './inspection';

/** Main part and its content type, per declared type. */
const MAIN_PART: Record<string, { part: string; contentType: string }> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    part: 'word/document.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    part: 'xl/workbook.xml',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
  },
};

/** Most bytes the members of one office file may expand to. */
export const MAX_OOXML_EXPANDED_BYTES = 256 * 1024 * 1024;

/** Null when `bytes` is a whole office file of `mimeType`; else the refusal. */
export function inspectOoxml(bytes: Uint8Array, mimeType: string): InspectionRefusal | null {
  const bad = (reason: string) => refusal('INVALID_FILE', `office file: ${reason}`);
  const main = MAIN_PART[mimeType];
  if (!main) return bad(`no rules for ${mimeType}`);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readZipDirectory(buf);
  if (typeof entries === 'string') return bad(entries);
  const total = entries.reduce((n, e) => n + e.size, 0);
  if (total > MAX_OOXML_EXPANDED_BYTES) return bad(`members expand to ${total} bytes (at most ${MAX_OOXML_EXPANDED_BYTES})`);
  const names = new Set<string>();
  const parts = new Map<string, Buffer>();
  for (const entry of entries) {
    if (names.has(entry.name)) return bad(`'${entry.name}' appears twice`);
    names.add(entry.name);
    if (/(^|\/)vbaProject\.bin$|(^|\/)vbaData\.xml$|(^|\/)activeX\//i.test(entry.name)) return refusal('UNSAFE_CONTENT', `office file carries macros or ActiveX ('${entry.name}')`);
    const data = readZipEntry(buf, entry);
    if (typeof data === 'string') return bad(data);
    if (entry.name === '[Content_Types].xml' || entry.name === main.part || entry.name === '_rels/.rels') parts.set(entry.name, data);
  }
  const types = parts.get('[Content_Types].xml')?.toString('utf8');
  if (!types) return bad('no [Content_Types].xml');
  if (!parts.has('_rels/.rels')) return bad('no _rels/.rels');
  if (/macroEnabled/i.test(types)) return refusal('UNSAFE_CONTENT', 'office file declares macro-enabled content');
  if (!types.includes(main.contentType)) return bad(`[Content_Types].xml does not declare ${main.contentType}`);
  const body = parts.get(main.part);
  if (!body) return bad(`no ${main.part}`);
  if (!/^(\uFEFF)?\s*<(\?xml|[A-Za-z])/.test(body.subarray(0, 256).toString('utf8'))) return bad(`${main.part} is not XML`);
  return null;
}
