/**
 * The quote as a PDF (the e-signature envelope's document and the wet path's download; spec 000 s2 'Quote summary':
 * quote id, make, model, price, lease term), headed as a lender's quote: the brand and the lessor, the company it is
 * for, the date it was issued and until when it is valid (`settings.quoteSigning.validityDays`). Texts and labels come
 * from the catalogue (messages/signing.yaml); the price has the screen's format (`settings.calculatorUi.currencyFormat`,
 * as order verification shows it) and the region's GST label.
 * Drawn by the portal's one PDF generator (pdfDocument.ts), as the lease documents are (leaseDocuments.ts).
 * @example
 * const { name, bytes } = await quotePdf(quoteFacts(app.record), (key, vars) => definitions.message(key, selection, vars), settings);
 */
import { getPath } from '../../runtime/core/source/pointer';
import { renderPdf } from './pdfDocument';

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
  /** The company the quote is for (empty before the company is known). */
  company: string;
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
    company: (str(s('companyDetails.companyName')) || str(s('entityDetails.entityName'))).trim(),
  };
}

/** The PDF's file name: Quote_{reference}.pdf. */
export const quoteFileName = (facts: QuoteFacts) => `Quote_${facts.reference.replace(/[^\w.-]/g, '_')}.pdf`;

type IntlFormat = Intl.NumberFormatOptions & { locale?: string };

/** The price as the screen shows it: the layers' `calculatorUi.currencyFormat` (whole dollars, '$1,210'). */
export function quotePrice(amount: number, settings: Record<string, unknown>): string {
  const format = (getPath(settings, 'calculatorUi.currencyFormat') ?? {}) as IntlFormat;
  const { locale, ...options } = format;
  const currency = typeof settings.currency === 'string' ? settings.currency : 'AUD';
  return new Intl.NumberFormat(locale ?? 'en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol', ...options }).format(amount);
}

/** A day as the region writes it (the currency format's locale), e.g. 29 November 2026. */
export function day(date: Date, settings: Record<string, unknown>): string {
  const locale = (getPath(settings, 'calculatorUi.currencyFormat.locale') ?? settings.locale ?? 'en') as string;
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Render the quote PDF from the layers' `settings` (formats, GST label, validity), issued `now`. */
export async function quotePdf(facts: QuoteFacts, text: QuoteText, settings: Record<string, unknown>, now = new Date()): Promise<{ name: string; bytes: Uint8Array }> {
  const validityDays = num(getPath(settings, 'quoteSigning.validityDays'));
  const validUntil = validityDays === null ? null : new Date(now.getTime() + validityDays * 86_400_000);
  const rows: [string, string][] = [
    [text('signing.quotePdf.quoteId'), facts.reference],
    [text('signing.quotePdf.company'), facts.company],
    [text('signing.quotePdf.issued'), day(now, settings)],
    [text('signing.quotePdf.validUntil'), validUntil ? day(validUntil, settings) : ''],
    [text('signing.quotePdf.make'), facts.make],
    [text('signing.quotePdf.model'), facts.model],
    [text('signing.quotePdf.price'), facts.monthlyRental === null ? '' : text('signing.quotePdf.priceValue', { amount: quotePrice(facts.monthlyRental, settings), gst: str(settings.gstLabel) })],
    [text('signing.quotePdf.term'), facts.termMonths === null ? '' : text('signing.quotePdf.termValue', { months: facts.termMonths })],
  ];
  const title = text('signing.quotePdf.title', { reference: facts.reference });
  // The one generator of the documents (pdfDocument.ts): who the quote is from (the brand, and the lessor it introduces).
  const bytes = await renderPdf({
    title,
    author: text('brand.name'),
    from: text('brand.name'),
    fromLine: text('signing.quotePdf.lessor', { lessor: text('signing.quotePdf.lessorName') }),
    heading: title,
    rows,
    paragraphs: [text('signing.quotePdf.acceptance')],
  });
  return { name: quoteFileName(facts), bytes };
}
