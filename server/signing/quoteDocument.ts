/**
 * The quote as a download (spec 000 s7 getQuotePDF: a URL the browser downloads as quote.pdf): an expiring
 * signed link to `/documents/quote/{applicationId}`, answered with the quote PDF generated from the record as it
 * is then (quotePdf.ts, the envelope's document). Nothing is stored. The file name is the layers' setting
 * `quoteSigning.downloadFileName` (`{reference}` is the quote reference; spec 001 names it Quote_{reference}.pdf).
 * @example
 * const url = quoteDocumentUrl(secret, 'https://portal.example', applicationId); // .../documents/quote/<id>?exp=...&sig=...
 */
import type { Kysely } from 'kysely';
import { getPath } from '../../runtime/core/source/pointer';
import type { Database } from '../db';
import type { ServerDefinitions } from '../definitions';
import { readSnapshot, selectionOf } from '../enforce';
import { contentDisposition } from '../files/contentDisposition';
import { sign, verify } from '../files/signing';
import { route, type RouteRequest, type Route } from '../plugins/route';
import { quoteFacts, quotePdf } from './quotePdf';

/** Base path of the quote download. */
export const QUOTE_DOCUMENT_PATH = '/documents/quote/';
/** A quote link lives 10 minutes (as file download links). */
export const QUOTE_URL_TTL_SEC = 10 * 60;
/** The name when no setting gives one (spec 000 s7). */
const DEFAULT_FILE_NAME = 'quote.pdf';

const PATH = /^\/documents\/quote\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** What the signature covers: a key no stored file can have (file keys have no slash). */
const keyOf = (applicationId: string) => `documents/quote/${applicationId.toLowerCase()}`;

/** An expiring signed link to the application's quote PDF on `origin`. */
export function quoteDocumentUrl(secret: string, origin: string, applicationId: string, nowSec = Math.floor(Date.now() / 1000)): string {
  const exp = nowSec + QUOTE_URL_TTL_SEC;
  const sig = sign(secret, { method: 'GET', key: keyOf(applicationId), exp });
  return `${origin}${QUOTE_DOCUMENT_PATH}${applicationId}?exp=${exp}&sig=${sig}`;
}

/** The download's file name from the setting, `{reference}` filled with the quote reference (unsafe characters as `_`). */
export function quoteDownloadName(setting: unknown, reference: string): string {
  const template = typeof setting === 'string' && setting.trim() ? setting.trim() : DEFAULT_FILE_NAME;
  return template.replace(/\{reference\}/g, reference).replace(/[^\w.-]/g, '_');
}

/** The route answering signed quote links (GET or HEAD): the PDF as an attachment, or a JSON refusal. */
export function quoteDocumentRoute(deps: { db: Kysely<Database>; secret: string; definitions: ServerDefinitions }): Route {
  return route('quote download', (path) => path.startsWith(QUOTE_DOCUMENT_PATH), handle);

  async function handle({ request, url, fetchAPI }: RouteRequest, path: string): Promise<Response> {
    const answer = (status: number, code: string) => fetchAPI.Response.json({ error: code }, { status, headers: { 'cache-control': 'no-store' } });
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'method_not_allowed');
    const applicationId = PATH.exec(path)?.[1];
    if (!applicationId) return answer(404, 'not_found');
    const exp = Number.parseInt(url.searchParams.get('exp') ?? '', 10);
    const check = Number.isFinite(exp) ? verify(deps.secret, { method: 'GET', key: keyOf(applicationId), exp }, url.searchParams.get('sig') ?? '') : 'bad';
    if (check !== 'ok') return answer(403, check === 'expired' ? 'url_expired' : 'bad_signature');
    const app = await readSnapshot(deps.db, applicationId);
    if (!app) return answer(404, 'not_found');
    const selection = selectionOf(app);
    const settings = deps.definitions.layers(selection).settings;
    const facts = quoteFacts(app.record);
    const pdf = await quotePdf(facts, (key, vars) => deps.definitions.message(key, selection, vars), settings);
    const name = quoteDownloadName(getPath(settings, 'quoteSigning.downloadFileName'), facts.reference);
    return new fetchAPI.Response(request.method === 'HEAD' ? null : (pdf.bytes as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(pdf.bytes.byteLength),
        'content-disposition': contentDisposition(name),
        'cache-control': 'private, no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  }
}
