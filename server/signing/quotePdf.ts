/**
 * The quote as a PDF (the e-signature envelope's document; spec 000 s2 'Quote summary': quote id, make, model,
 * price, lease term). Texts and labels come from the catalogue (messages/signing.yaml), the currency and GST
 * label from the region's settings. pdf-lib is loaded on the first quote, not with the server (~20 MB and a
 * second of its start, bench/README.md 'bench:memory').
 * @example
 * const { name, bytes } = await quotePdf(app.record, app.id, (key, vars) => definitions.message(key, selection, vars), settings);
 */
import { getPath } from '../../runtime/core/source/pointer';

/** A catalogue text with its placeholders filled. */
export type QuoteText = (key: string, vars?: Record<string, string | number>) => string;

/** The quote's facts as the record holds them. */
export interface QuoteFacts {
  /** Miles quote reference, else ERP quote reference, else empty (spec 002 'Quote_{reference}.pdf'). */
  reference: string;
  make: string;
  model: string;
  monthlyRental: number | null;
  termMonths: number | null;
}

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);

/** The quote's facts from an application record. */
export function quoteFacts(record: unknown): QuoteFacts {
  const s = (path: string) => getPath(record, `scoreboard.${path}`);
  return {
    reference: str(s('quoteDetails.milesQuoteRef')) || str(s('quoteDetails.erpQuoteRef')),
    make: str(s('vehicleDetails.make')),
    model: str(s('vehicleDetails.model')),
    monthlyRental: num(s('leaseDetails.monthlyRentalNet')),
    termMonths: num(s('leaseDetails.terms')),
  };
}

/** The PDF's file name: Quote_{reference}.pdf. */
export const quoteFileName = (facts: QuoteFacts) => `Quote_${facts.reference.replace(/[^\w.-]/g, '_')}.pdf`;

/** Render the quote PDF; `settings` gives `currency` (e.g. AUD) and `gstLabel` (e.g. inc GST). */
export async function quotePdf(facts: QuoteFacts, text: QuoteText, settings: { currency?: unknown; gstLabel?: unknown }): Promise<{ name: string; bytes: Uint8Array }> {
  const currency = typeof settings.currency === 'string' ? settings.currency : 'AUD';
  const amount = facts.monthlyRental === null ? '' : new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).format(facts.monthlyRental);
  const rows: [string, string][] = [
    [text('signing.quotePdf.quoteId'), facts.reference],
    [text('signing.quotePdf.make'), facts.make],
    [text('signing.quotePdf.model'), facts.model],
    [text('signing.quotePdf.price'), amount && text('signing.quotePdf.priceValue', { amount, gst: str(settings.gstLabel) })],
    [text('signing.quotePdf.term'), facts.termMonths === null ? '' : text('signing.quotePdf.termValue', { months: facts.termMonths })],
  ];
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  const title = text('signing.quotePdf.title', { reference: facts.reference });
  doc.setTitle(title);
  doc.setCreator('Fleetform');
  const page = doc.addPage([595.28, 841.89]); // A4
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts encode WinAnsi only: anything else becomes '?' rather than failing the document.
  const safe = (s: string) => s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  let y = 780;
  page.drawText(safe(title), { x: 56, y, size: 20, font: bold, color: rgb(0.1, 0.1, 0.1) });
  y -= 40;
  for (const [label, value] of rows) {
    page.drawText(safe(label), { x: 56, y, size: 12, font: bold });
    page.drawText(safe(value), { x: 220, y, size: 12, font: regular });
    y -= 24;
  }
  y -= 16;
  page.drawText(safe(text('signing.quotePdf.acceptance')), { x: 56, y, size: 10, font: regular, maxWidth: 480, lineHeight: 14 });
  return { name: quoteFileName(facts), bytes: await doc.save() };
}
