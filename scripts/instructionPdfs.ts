/**
 * Writes the static Document Instructions PDFs (brands/assets/documents/*.pdf) from their sources
 * (brands/assets/documents/instructions.yaml) with the portal's PDF generator. Run after changing the sources:
 * `npx tsx scripts/instructionPdfs.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { renderPdf, type PdfSpec } from '../server/signing/pdfDocument';

const dir = join(import.meta.dirname, '../brands/assets/documents');
const sources = parse(readFileSync(join(dir, 'instructions.yaml'), 'utf8')) as Record<string, Omit<PdfSpec, 'title' | 'author'>>;
for (const [name, spec] of Object.entries(sources)) {
  const bytes = await renderPdf({ ...spec, title: spec.heading, author: spec.from });
  writeFileSync(join(dir, name), bytes);
  console.log(`${name}: ${bytes.byteLength} bytes`);
}
