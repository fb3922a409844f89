/**
 * The one PDF generator of the portal's documents (the quote, the lease documents: quotePdf.ts, leaseDocuments.ts):
 * an A4 page headed by who it is from, a title, label/value rows and paragraphs, with the PDF's title and author set.
 * Texts come from the callers (the catalogue); the text is real PDF text (extractable, e.g. by pdftotext).
 * pdf-lib is loaded on the first document, not with the server (~20 MB and a second of its start, bench/README.md
 * 'bench:memory').
 * @example
 * const bytes = await renderPdf({ title: 'Quote Q-1', author: 'Acme', from: 'Acme', heading: 'Quote Q-1', rows: [['Make', 'Toyota']], paragraphs: [] });
 */

/** What one document shows. */
export interface PdfSpec {
  /** The PDF's title (document properties). */
  title: string;
  /** The PDF's author: the brand. */
  author: string;
  /** Who it is from, the page's first line (the brand's name). */
  from: string;
  /** A smaller line under it (e.g. the lessor), when given. */
  fromLine?: string;
  /** The page's heading. */
  heading: string;
  /** Paragraphs between the heading and the rows. */
  intro?: string[];
  /** Label and value rows; a row with an empty value is left out. */
  rows: [string, string][];
  /** Paragraphs after the rows. */
  paragraphs?: string[];
}

// The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the document.
const safe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** Render one document as PDF bytes. */
export async function renderPdf(spec: PdfSpec): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.setTitle(safe(spec.title));
  doc.setAuthor(safe(spec.author));
  doc.setCreator('Fleetform');
  const page = doc.addPage([595.28, 841.89]); // A4
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = 480;
  let y = 790;
  /** A paragraph wrapped to the page's width; answers the height it took. */
  const paragraph = (text: string, size: number) => {
    const words = safe(text).split(/\s+/).filter(Boolean);
    const lines: string[] = [];
    let line = '';
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && regular.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    for (const l of lines) {
      page.drawText(l, { x: 56, y, size, font: regular, color: rgb(0.1, 0.1, 0.1) });
      y -= size + 4;
    }
  };
  page.drawText(safe(spec.from), { x: 56, y, size: 14, font: bold, color: rgb(0.06, 0.33, 0.55) });
  y -= 18;
  if (spec.fromLine) {
    page.drawText(safe(spec.fromLine), { x: 56, y, size: 10, font: regular, color: rgb(0.3, 0.3, 0.3) });
    y -= 18;
  }
  y -= 18;
  page.drawText(safe(spec.heading), { x: 56, y, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1) });
  y -= 40;
  for (const p of spec.intro ?? []) {
    paragraph(p, 11);
    y -= 10;
  }
  for (const [label, value] of spec.rows.filter(([, v]) => v !== '')) {
    page.drawText(safe(label), { x: 56, y, size: 12, font: bold });
    page.drawText(safe(value), { x: 220, y, size: 12, font: regular });
    y -= 24;
  }
  y -= 16;
  for (const p of spec.paragraphs ?? []) {
    paragraph(p, 10);
    y -= 12;
  }
  return doc.save();
}
