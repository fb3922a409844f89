/**
 * The lease documents of wet signing (spec 002 s2 'Wet signature screen', 000 s7, s9): which apply to an application,
 * their names and file names (the layers' `settings.wetSignature.documents`, names `contract.document.<key>`), each
 * generated per application from its record by the portal's one PDF generator (pdfDocument.ts; the Quote is
 * quotePdf.ts's), and the Document Instructions, a static PDF per region (a brand's `whiteLabel.instructionDocument`
 * replaces it: the introducer's) served by the PDF asset route (pdfAssets.ts). Downloads are expiring signed links
 * to `/documents/lease/{applicationId}/{document}`, generated on each request; nothing is stored.
 * @example
 * const docs = applicableDocuments(settings, app.record); // [{ key: 'documentAI', ... }, { key: 'documentMLA', ... }, ...]
 * const pdf = await leaseDocumentPdf('documentMLA', app.record, text, settings);
 */
import type { Kysely } from 'kysely';
import { getPath } from '../../runtime/core/source/pointer';
import type { Database } from '../db';
import type { ServerDefinitions } from '../definitions';
import { readSnapshot, selectionOf } from '../enforce';
import { contentDisposition } from '../files/contentDisposition';
import { sign, verify } from '../files/signing';
import { route, type Route, type RouteRequest } from '../plugins/route';
import { PDF_ASSETS_PATH } from './pdfAssets';
import { renderPdf } from './pdfDocument';
import { day, quoteFacts, quotePdf, quotePrice, type QuoteText } from './quotePdf';

/** One lease document as the layers describe it. */
export interface LeaseDocument {
  /** The wetSignature document key (spec 000 s3), e.g. documentMLA. */
  key: string;
  fileName: string;
  /** The static instruction document (no upload slot, not generated). */
  instructions: boolean;
}

interface DocumentSetting {
  fileName?: unknown;
  offered?: unknown;
  guarantee?: unknown;
  instructions?: unknown;
  order?: unknown;
}

/** Base path of the generated documents' downloads. */
export const LEASE_DOCUMENT_PATH = '/documents/lease/';
/** A link lives 10 minutes (as the quote's and the files'). */
export const LEASE_URL_TTL_SEC = 10 * 60;

const str = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** Whether a personal guarantee applies (002 s3 businessDetails.financeDetails.personalGuarantee 'yes'). */
const guaranteeApplies = (record: unknown) => getPath(record, 'scoreboard.businessDetails.financeDetails.personalGuarantee') === 'yes';

/** The documents the layers offer and that apply to this application, in their order. */
export function applicableDocuments(settings: Record<string, unknown>, record: unknown): LeaseDocument[] {
  const all = (getPath(settings, 'wetSignature.documents') ?? {}) as Record<string, DocumentSetting>;
  return Object.entries(all)
    .filter(([, d]) => d && d.offered === true && (d.guarantee !== true || guaranteeApplies(record)) && typeof d.fileName === 'string')
    .sort(([, a], [, b]) => (Number(a.order) || 0) - (Number(b.order) || 0))
    .map(([key, d]) => ({ key, fileName: String(d.fileName), instructions: d.instructions === true }));
}

/** The region's (or the brand's alternate) instruction document's asset name. */
export function instructionDocument(settings: Record<string, unknown>): string {
  return str(getPath(settings, 'whiteLabel.instructionDocument')) || str(getPath(settings, 'wetSignature.instructionDocument'));
}

/** What the generated documents show, from the record. */
function leaseRows(record: unknown, text: QuoteText, settings: Record<string, unknown>, now: Date): [string, string][] {
  const s = (path: string) => getPath(record, `scoreboard.${path}`);
  const facts = quoteFacts(record);
  const officer = `${str(s('primaryApplicant.firstName'))} ${str(s('primaryApplicant.lastName'))}`.trim();
  const registration = str(s('companyDetails.abn')) || str(s('companyDetails.nzbn'));
  return [
    [text('contract.pdf.company'), facts.company],
    [text('contract.pdf.registration'), registration],
    [text('contract.pdf.officer'), officer],
    [text('contract.pdf.quoteId'), facts.reference],
    [text('contract.pdf.vehicle'), `${facts.make} ${facts.model}`.trim()],
    [text('contract.pdf.rental'), facts.monthlyRental === null ? '' : text('signing.quotePdf.priceValue', { amount: quotePrice(facts.monthlyRental, settings), gst: str(settings.gstLabel) })],
    [text('contract.pdf.term'), facts.termMonths === null ? '' : text('contract.pdf.termValue', { months: facts.termMonths })],
    [text('contract.pdf.date'), day(now, settings)],
  ];
}

/** Generate one document of the application (not the instructions, which are static). */
export async function leaseDocumentPdf(key: string, record: unknown, text: QuoteText, settings: Record<string, unknown>, now = new Date()): Promise<Uint8Array> {
  if (key === 'documentQuote') return (await quotePdf(quoteFacts(record), text, settings, now)).bytes;
  const name = text(`contract.document.${key}`);
  const company = quoteFacts(record).company;
  return renderPdf({
    title: name,
    author: text('brand.name'),
    from: text('brand.name'),
    fromLine: text('signing.quotePdf.lessor', { lessor: text('signing.quotePdf.lessorName') }),
    heading: name,
    intro: [text('contract.pdf.intro', { company, brand: text('brand.name') }), text(`contract.pdf.body.${key}`)],
    rows: leaseRows(record, text, settings, now),
    paragraphs: [text('contract.pdf.signature')],
  });
}

const PATH = /^\/documents\/lease\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([A-Za-z_]+)$/i;
/** What the signature covers: a key no stored file can have (file keys have no slash). */
const keyOf = (applicationId: string, key: string) => `documents/lease/${applicationId.toLowerCase()}/${key}`;

/** An expiring signed link to one generated document of the application on `origin` (the instructions: the asset). */
export function leaseDocumentUrl(secret: string, origin: string, applicationId: string, doc: LeaseDocument, settings: Record<string, unknown>, nowSec = Math.floor(Date.now() / 1000)): string {
  if (doc.instructions) return `${origin}${PDF_ASSETS_PATH}${instructionDocument(settings)}`;
  const exp = nowSec + LEASE_URL_TTL_SEC;
  const sig = sign(secret, { method: 'GET', key: keyOf(applicationId, doc.key), exp });
  return `${origin}${LEASE_DOCUMENT_PATH}${applicationId}/${doc.key}?exp=${exp}&sig=${sig}`;
}

/** The route answering signed lease document links (GET or HEAD): the PDF as an attachment, or a JSON refusal. */
export function leaseDocumentRoute(deps: { db: Kysely<Database>; secret: string; definitions: ServerDefinitions }): Route {
  return route('lease document download', (path) => path.startsWith(LEASE_DOCUMENT_PATH), handle);

  async function handle({ request, url, fetchAPI }: RouteRequest, path: string): Promise<Response> {
    const answer = (status: number, code: string) => fetchAPI.Response.json({ error: code }, { status, headers: { 'cache-control': 'no-store' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method_not_allowed');
    const match = PATH.exec(path);
    if (!match) return answer(404, 'not_found');
    const [, applicationId, key] = match;
    const exp = Number.parseInt(url.searchParams.get('exp') ?? '', 10);
    const check = Number.isFinite(exp) ? verify(deps.secret, { method: 'GET', key: keyOf(applicationId, key), exp }, url.searchParams.get('sig') ?? '') : 'bad';
    if (check !== 'ok') return answer(403, check === 'expired' ? 'url_expired' : 'bad_signature');
    const app = await readSnapshot(deps.db, applicationId);
    if (!app) return answer(404, 'not_found');
    const selection = selectionOf(app);
    const settings = deps.definitions.layers(selection).settings;
    const doc = applicableDocuments(settings, app.record).find((d) => d.key === key && !d.instructions);
    if (!doc) return answer(404, 'not_found');
    const bytes = await leaseDocumentPdf(key, app.record, (k, vars) => deps.definitions.message(k, selection, vars), settings);
    return new fetchAPI.Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(bytes.byteLength),
        'content-disposition': contentDisposition(doc.fileName),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }
}
