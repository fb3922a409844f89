/**
 * Quote signing through the e-signature sandbox, over HTTP: getQuoteDocusign creates the envelope (a real quote
 * PDF), the signing page is served under the server's CSP with a plain form, Sign redirects to the return URL,
 * getEnvelope reports and records the completion, and updateDocusignStatus(completed) is accepted only then.
 * Decline, expiry (demo control), voiding (the provider's voidEnvelope: every link refuses with 410), forged signer
 * links, foreign return URLs and production's missing controls too. Voiding on an officer change, end to end:
 * tests/integration/api/reassign.test.ts.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import { servicesFor } from '../../../server/services';
import { sandboxFactory, type ESignatureProvider } from '../../../server/signing';
import { QUOTE_URL_TTL_SEC, quoteDocumentUrl, quoteDownloadName } from '../../../server/signing/quoteDocument';
import { DATABASES, definitions, silent, startServer, useHarness } from './harness';

interface Fresh {
  applicationId: string;
  cookie: string;
  host: string;
  origin: string;
  returnUrl: string;
}

const GET_URL = 'mutation($u: String!, $id: ID) { getQuoteDocusign(returnUrl: $u, applicationId: $id) { url message } }';
const GET_ENVELOPE = 'mutation($id: ID) { getEnvelope(applicationId: $id) { status } }';
const COMPLETE = 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message } }';

/** The text a PDF's pages show (pdf-lib writes each string as `<hex> Tj`). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    for (const s of streams) {
      if (!(s instanceof PDFRawStream)) continue;
      const ops = Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
      for (const m of ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1], 'hex').toString('latin1'));
    }
  }
  return out.join('\n');
}

describe.each(DATABASES)('e-signature sandbox on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  /** A fresh AU officer (primary unless said) on an application in orderVerification (digital signing), signed in. */
  async function fresh(set: Record<string, unknown> = {}, role = 'primary'): Promise<Fresh> {
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'au', role, status: 'orderVerification', set }) });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { email: string; password: string; applicationId: string; host: string; origin: string };
    const cookie = await s.login(a.email, a.password, a.host);
    return { applicationId: a.applicationId, cookie, host: a.host, origin: a.origin, returnUrl: `${a.origin}/applications/${a.applicationId}/quotesign` };
  }
  const gql = (f: Fresh, query: string, variables: Record<string, unknown> = {}) => s.gql(query, { id: f.applicationId, ...variables }, { cookie: f.cookie, host: f.host });
  const signingUrl = async (f: Fresh) => {
    const r = await gql(f, GET_URL, { u: f.returnUrl });
    expect(r.body.errors).toBeUndefined();
    return (r.body.data?.getQuoteDocusign as { url: string }).url;
  };
  const envelopeStatus = async (f: Fresh) => (await gql(f, GET_ENVELOPE)).body.data?.getEnvelope as { status: string };
  const record = async (f: Fresh) => (await s.database.db.selectFrom('applications').select('record').where('id', '=', f.applicationId).executeTakeFirstOrThrow()).record as Record<string, Record<string, unknown>>;
  /** The path of an absolute URL on the test server. */
  const pathOf = (url: string) => new URL(url).pathname;
  const submit = (url: string, action: string, host: string) =>
    s.request(pathOf(url), { method: 'POST', host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${action}`, redirect: 'manual' });
  const control = (envelopeId: string, body: unknown) => s.request(`/dev/esign/${envelopeId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('signs the quote: envelope, signing page, Sign, return URL, completed, and the journey moves on', async () => {
    const f = await fresh();
    expect(await envelopeStatus(f)).toEqual({ status: 'none' });
    const url = await signingUrl(f);
    expect(url).toMatch(new RegExp(`^${f.origin}/sandbox/esign/[0-9a-f-]{36}/[A-Za-z0-9_-]{43}$`));
    expect(await envelopeStatus(f)).toEqual({ status: 'created' });
    expect((await record(f)).scoreboard.docusignStatus).toBe('created');
    // Asked again before signing: the same envelope and link.
    expect(await signingUrl(f)).toBe(url);

    // Before signing, the client cannot claim completion.
    const early = await gql(f, COMPLETE);
    expect(early.body.errors?.[0].extensions?.code).toBe('GUARD_FAILED');
    expect((await record(f)).scoreboard.docusignStatus).toBe('created');

    // The page: plain HTML under the CSP, no script, the document's name, a form with Sign and Decline.
    const page = await s.request(pathOf(url), { host: f.host });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).toMatch(/<form method="post">/);
    expect(html).toContain('>Sign</button>');
    expect(html).toContain('>Decline</button>');
    const quoteRef = ((await record(f)).scoreboard.quoteDetails as { milesQuoteRef: string }).milesQuoteRef;
    expect(html).toContain(`Quote_${quoteRef}.pdf`);

    // The document is a real PDF of the quote: id, make, model, price and term.
    const pdf = await s.request(`${pathOf(url)}/documents/0`, { host: f.host });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const lease = (await record(f)).scoreboard.leaseDetails as { monthlyRentalNet: number; terms: number };
    expect(text).toContain(quoteRef);
    expect(text).toContain('TOYOTA');
    expect(text).toContain('HILUX');
    // The screen's price format (order verification's '$1,210/m'), not another.
    expect(text).toContain(`$${lease.monthlyRentalNet.toLocaleString('en-AU', { maximumFractionDigits: 0 })}/m (inc GST)`);
    expect(text).toContain(`${lease.terms} months`);

    // Sign: back to the return URL with the event the return page reads.
    const signed = await submit(url, 'sign', f.host);
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${f.returnUrl}?event=signing_complete`);
    // getEnvelope reports and records the completion.
    expect(await envelopeStatus(f)).toEqual({ status: 'completed' });
    expect((await record(f)).scoreboard.docusignStatus).toBe('completed');
    expect((await record(f)).docusignStatus).toBe('completed');
    // The return page's update moves the journey on.
    const done = await gql(f, COMPLETE);
    expect(done.body.errors).toBeUndefined();
    expect(done.body.data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK' });
    expect((await record(f)).scoreboard.status).toBe('businessDetails');
    // The page now says it is signed and offers no buttons; signing again changes nothing.
    const after = await (await s.request(pathOf(url), { host: f.host })).text();
    expect(after).toContain('These documents are signed.');
    expect(after).not.toContain('<form');
    expect((await submit(url, 'sign', f.host)).headers.get('location')).toBe(`${f.returnUrl}?event=signing_complete`);
    // And a signed quote answers the return page straight away.
    expect(await signingUrl(f)).toBe(`${f.returnUrl}?event=signing_complete`);
  });

  it('the quote PDF carries the brand, the lessor, the company, the date of issue and its validity, with the screen\'s price format', async () => {
    const f = await fresh({ 'scoreboard.leaseDetails.monthlyRentalNet': 1210, 'scoreboard.companyDetails.companyName': 'Harbour Freight Pty Ltd' });
    const url = await signingUrl(f);
    const pdf = await s.request(`${pathOf(url)}/documents/0`, { host: f.host });
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const selection = { region: 'au', brand: 'acme-au' };
    const layers = definitions().layers(selection);
    const t = (key: string, vars?: Record<string, string>) => definitions().message(key, selection, vars);
    expect(text).toContain(t('brand.name'));
    expect(text).toContain(t('signing.quotePdf.lessor', { lessor: t('signing.quotePdf.lessorName') }));
    expect(text).toContain('Harbour Freight Pty Ltd');
    const day = (d: Date) => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(d);
    const days = (layers.settings.quoteSigning as { validityDays: number }).validityDays;
    expect(days, 'the default (ours)').toBe(30);
    expect(text).toContain(`${t('signing.quotePdf.issued')}\n${day(new Date())}`);
    expect(text).toContain(`${t('signing.quotePdf.validUntil')}\n${day(new Date(Date.now() + days * 86_400_000))}`);
    expect(text).toContain('$1,210/m (inc GST)');
    expect(text).not.toContain('$1,210.00');
  });

  it('creates one envelope when getQuoteDocusign is asked several times at once', async () => {
    const f = await fresh();
    const answers = await Promise.all([1, 2, 3].map(() => gql(f, GET_URL, { u: f.returnUrl })));
    for (const a of answers) expect(a.body.errors).toBeUndefined();
    const urls = new Set(answers.map((a) => (a.body.data?.getQuoteDocusign as { url: string }).url));
    expect(urls.size).toBe(1);
    const rows = await s.database.db.selectFrom('signing_envelopes').select(['envelope_id', 'replaces']).where('application_id', '=', f.applicationId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].replaces).toBeNull();
    // After a decline, concurrent requests again make exactly one new envelope, replacing the declined one.
    await submit([...urls][0], 'decline', f.host);
    const again = await Promise.all([1, 2].map(() => gql(f, GET_URL, { u: f.returnUrl })));
    expect(new Set(again.map((a) => (a.body.data?.getQuoteDocusign as { url: string }).url)).size).toBe(1);
    const after = await s.database.db.selectFrom('signing_envelopes').select(['id', 'replaces']).where('application_id', '=', f.applicationId).orderBy('created_at').execute();
    expect(after).toHaveLength(2);
    expect(after[1].replaces).toBe(after[0].id);
  });

  it('answers getQuotePDF with a signed link to the quote PDF, downloaded under the setting\'s name', async () => {
    const nz = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'nz', role: 'primary', status: 'orderVerification', set: { 'scoreboard.wetSignature.signType': 'wet' } }) });
    const a = (await nz.json()) as { email: string; password: string; applicationId: string; host: string; origin: string };
    const f: Fresh = { applicationId: a.applicationId, cookie: await s.login(a.email, a.password, a.host), host: a.host, origin: a.origin, returnUrl: '' };
    const r = await gql(f, 'mutation($id: ID) { getQuotePDF(applicationId: $id) { url message } }');
    expect(r.body.errors).toBeUndefined();
    const { url, message } = r.body.data?.getQuotePDF as { url: string; message: string };
    expect(message).toBe('OK');
    expect(url).toMatch(new RegExp(`^${f.origin}/documents/quote/${f.applicationId}\\?exp=\\d+&sig=[A-Za-z0-9_-]+$`));
    const settings = definitions().layers({ region: 'nz', brand: 'kiwi-nz' }).settings as { quoteSigning: { downloadFileName: string } };
    const pdf = await s.request(pathOf(url) + new URL(url).search, { host: f.host });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`filename="${settings.quoteSigning.downloadFileName}"`);
    const text = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const sb = (await record(f)).scoreboard as { quoteDetails: { milesQuoteRef: string }; vehicleDetails: { make: string }; leaseDetails: { terms: number } };
    expect(text).toContain(sb.quoteDetails.milesQuoteRef);
    expect(text).toContain(sb.vehicleDetails.make);
    expect(text).toContain('/m (ex GST)');
    expect(text).toContain(`${sb.leaseDetails.terms} months`);
    // Nothing stored; a tampered, foreign or expired link is refused.
    expect(await s.database.db.selectFrom('files').select('id').where('application_id', '=', f.applicationId).execute()).toEqual([]);
    const other = await fresh();
    const forged = `${pathOf(url).replace(f.applicationId, other.applicationId)}${new URL(url).search}`;
    expect((await s.request(forged, { host: f.host })).status).toBe(403);
    const expired = quoteDocumentUrl(s.services.config.secret, f.origin, f.applicationId, Math.floor(Date.now() / 1000) - QUOTE_URL_TTL_SEC - 1);
    expect((await s.request(pathOf(expired) + new URL(expired).search, { host: f.host })).status).toBe(403);
    expect(quoteDownloadName('Quote_{reference}.pdf', 'MQ/1 2')).toBe('Quote_MQ_1_2.pdf');
  });

  it('serves the signing page framed only by the portal itself (frame-src and frame-ancestors self)', async () => {
    const f = await fresh();
    const page = await s.request(pathOf(await signingUrl(f)), { host: f.host });
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-src 'self';");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/frame-src[^;]*https:/);
    expect(page.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('accepts completion reported by the provider even when the return page never called getEnvelope', async () => {
    const f = await fresh();
    const url = await signingUrl(f);
    expect((await submit(url, 'sign', f.host)).status).toBe(303);
    expect((await record(f)).scoreboard.docusignStatus).toBe('created');
    expect((await gql(f, COMPLETE)).body.data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK' });
    expect((await record(f)).scoreboard).toMatchObject({ docusignStatus: 'completed', status: 'businessDetails' });
  });

  it('declines: the return URL says so, completion is refused, and a new request makes a new envelope', async () => {
    const f = await fresh();
    const url = await signingUrl(f);
    const declined = await submit(url, 'decline', f.host);
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`${f.returnUrl}?event=decline`);
    expect(await envelopeStatus(f)).toEqual({ status: 'declined' });
    expect((await gql(f, COMPLETE)).body.errors?.[0].extensions?.code).toBe('GUARD_FAILED');
    expect((await record(f)).scoreboard).toMatchObject({ docusignStatus: 'created', status: 'orderVerification' });
    // A declined envelope cannot be signed afterwards.
    expect((await submit(url, 'sign', f.host)).headers.get('location')).toBe(`${f.returnUrl}?event=decline`);
    const again = await signingUrl(f);
    expect(again).not.toBe(url);
    expect(await envelopeStatus(f)).toEqual({ status: 'created' });
  });

  it('expires by the demo control: the page says so, signing returns ttl_expired, completion is refused', async () => {
    const f = await fresh();
    const url = await signingUrl(f);
    const envelopeId = pathOf(url).split('/')[3];
    const set = await control(envelopeId, { status: 'expired' });
    expect(set.status).toBe(200);
    expect(await set.json()).toMatchObject({ envelopeId, status: 'expired' });
    expect(await envelopeStatus(f)).toEqual({ status: 'expired' });
    const html = await (await s.request(pathOf(url), { host: f.host })).text();
    expect(html).toContain('This signing request has expired.');
    expect(html).not.toContain('<form');
    expect((await submit(url, 'sign', f.host)).headers.get('location')).toBe(`${f.returnUrl}?event=ttl_expired`);
    expect((await gql(f, COMPLETE)).body.errors?.[0].extensions?.code).toBe('GUARD_FAILED');
    // The control reads the envelope with each recipient's link, and signs as a recipient.
    const read = (await (await s.request(`/dev/esign/${envelopeId}`)).json()) as { recipients: { email: string; signingUrl: string }[] };
    expect(read.recipients[0].signingUrl).toBe(url);
    expect((await control(envelopeId, { status: 'sent' })).status).toBe(200);
    const signed = (await (await control(envelopeId, { email: read.recipients[0].email, action: 'sign' })).json()) as { status: string };
    expect(signed.status).toBe('completed');
    expect((await control(envelopeId, { status: 'nonsense' })).status).toBe(400);
    expect((await control('00000000-0000-0000-0000-000000000000', { status: 'expired' })).status).toBe(404);
  });

  it('refuses a forged or foreign signer token', async () => {
    const f = await fresh();
    const g = await fresh();
    const url = await signingUrl(f);
    const other = await signingUrl(g);
    const [envelopeId, token] = pathOf(url).split('/').slice(3);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const foreign = pathOf(other).split('/')[4];
    for (const bad of [`/sandbox/esign/${envelopeId}/${forged}`, `/sandbox/esign/${envelopeId}/${foreign}`, `/sandbox/esign/${envelopeId}/short`]) {
      expect((await s.request(bad, { host: f.host })).status, bad).toBe(404);
      expect((await submit(`${f.origin}${bad}`, 'sign', f.host)).status, bad).toBe(404);
      expect((await s.request(`${bad}/documents/0`, { host: f.host })).status, bad).toBe(404);
    }
    expect(await envelopeStatus(f)).toEqual({ status: 'created' });
    // A form without a known action changes nothing either.
    expect((await submit(url, 'approve', f.host)).status).toBe(400);
    expect(await envelopeStatus(f)).toEqual({ status: 'created' });
  });

  it("refuses a return URL on another origin or another application's path, creating no envelope", async () => {
    const f = await fresh();
    const g = await fresh();
    for (const bad of [
      `http://evil.example/applications/${f.applicationId}/quotesign`,
      `${f.origin}.evil.example/applications/${f.applicationId}/quotesign`,
      `${f.origin}/applications/${g.applicationId}/quotesign`,
      `${f.origin}/somewhere-else`,
      `${f.returnUrl}#x`,
      'javascript:alert(1)',
    ]) {
      const r = await gql(f, GET_URL, { u: bad });
      expect(r.body.errors?.[0].extensions?.code, bad).toBe('INVALID_VALUE');
    }
    const rows = await s.database.db.selectFrom('signing_envelopes').select('id').where('application_id', '=', f.applicationId).execute();
    expect(rows).toEqual([]);
    expect((await record(f)).scoreboard.docusignStatus).toBe('none');
  });

  it('lets only the primary officer ask for the quote envelope', async () => {
    const f = await fresh({}, 'secondary');
    const r = await gql(f, GET_URL, { u: f.returnUrl });
    expect(r.body.errors?.[0].extensions?.code).toBe('TRANSITION_NOT_ALLOWED');
    expect(await s.database.db.selectFrom('signing_envelopes').select('id').where('application_id', '=', f.applicationId).execute()).toEqual([]);
    expect(await envelopeStatus(f)).toEqual({ status: 'none' });
  });

  it('creates no envelope for a wet-signature quote, whose acceptance stays the officer\'s own', async () => {
    const f = await fresh({ 'scoreboard.wetSignature.signType': 'wet' });
    expect((await gql(f, GET_URL, { u: f.returnUrl })).body.errors?.[0].extensions?.code).toBe('INVALID_TRANSITION');
    expect((await gql(f, COMPLETE)).body.data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK' });
    expect((await record(f)).scoreboard).toMatchObject({ docusignStatus: 'completed', status: 'businessDetails' });
  });

  it('voids an envelope before completion: every link to it answers 410 with the catalogue\'s text, and getEnvelope says voided until a new one replaces it', async () => {
    const f = await fresh();
    const url = await signingUrl(f);
    const envelopeId = pathOf(url).split('/')[3];
    const provider = s.services.eSignature;
    const reason = definitions().message('signing.voided.officerChanged', { region: 'au', brand: 'acme-au' });
    expect(await provider.voidEnvelope(envelopeId, reason)).toBe(true);
    expect((await provider.status(envelopeId))?.status).toBe('voided');
    // Voiding again is no change; the page, the form and the documents refuse.
    expect(await provider.voidEnvelope(envelopeId, reason)).toBe(true);
    const page = await s.request(pathOf(url), { host: f.host });
    expect(page.status).toBe(410);
    const html = await page.text();
    expect(html).toContain('This signing request was withdrawn and can no longer be signed.');
    expect(html).toContain(reason);
    expect(html).not.toContain('<form');
    const signed = await submit(url, 'sign', f.host);
    expect(signed.status).toBe(410);
    expect(signed.headers.get('location')).toBeNull();
    expect((await s.request(`${pathOf(url)}/documents/0`, { host: f.host })).status).toBe(410);
    expect((await provider.status(envelopeId))?.recipients.map((r) => r.status)).toEqual(['pending']);
    // The portal: not signed, cannot be claimed so; the officer's next request makes a new envelope replacing it.
    expect(await envelopeStatus(f)).toEqual({ status: 'voided' });
    expect((await gql(f, COMPLETE)).body.errors?.[0].extensions?.code).toBe('GUARD_FAILED');
    const again = await signingUrl(f);
    expect(pathOf(again).split('/')[3]).not.toBe(envelopeId);
    expect(await envelopeStatus(f)).toEqual({ status: 'created' });
    // The demo control reads a voided envelope as such.
    expect(await (await s.request(`/dev/esign/${envelopeId}`)).json()).toMatchObject({ envelopeId, status: 'voided' });
  });

  it('does not void a completed envelope: it stays completed', async () => {
    const created = await s.services.eSignature.createEnvelope({
      documents: [{ name: 'Quote.pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
      recipients: [{ name: 'Pat Signer', email: 'pat@example.com', role: 'signer' }],
      returnUrl: 'http://au.localhost:8080/applications/x/quotesign',
    });
    expect((await submit(created.signingUrls[0].url, 'sign', 'au.localhost')).status).toBe(303);
    expect(await s.services.eSignature.voidEnvelope(created.envelopeId, 'reason')).toBe(false);
    expect((await s.services.eSignature.status(created.envelopeId))?.status).toBe('completed');
    expect((await s.request(pathOf(created.signingUrls[0].url))).status).toBe(200);
    expect(await s.services.eSignature.voidEnvelope('00000000-0000-0000-0000-000000000000', 'reason')).toBe(false);
  });

  it('completes an envelope of a signer and a witness only when both have signed', async () => {
    const returnUrl = 'http://au.localhost:8080/applications/x/quotesign';
    const created = await s.services.eSignature.createEnvelope({
      documents: [{ name: 'Lease.pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
      recipients: [{ name: 'Pat Signer', email: 'Pat@Example.com', role: 'signer' }, { name: 'Wes Witness', email: 'wes@example.com', role: 'witness' }],
      returnUrl,
    });
    const [signer, witness] = created.signingUrls;
    expect(signer.email).toBe('pat@example.com');
    expect((await submit(signer.url, 'sign', 'au.localhost')).headers.get('location')).toBe(`${returnUrl}?event=signing_complete`);
    expect(await (await s.request(pathOf(signer.url))).text()).toContain('waiting for the other signers');
    const mid = await s.services.eSignature.status(created.envelopeId);
    expect(mid?.status).toBe('sent');
    expect(mid?.recipients.map((r) => [r.roleName, r.status])).toEqual([['Signer', 'completed'], ['Witness', 'pending']]);
    await submit(witness.url, 'sign', 'au.localhost');
    expect((await s.services.eSignature.status(created.envelopeId))?.status).toBe('completed');
  });
});

describe('e-signature provider choice', () => {
  const s = useHarness(() => startServer('pglite'));

  it('uses the provider ESIGN_PROVIDER names among those registered, and refuses an unknown name', () => {
    const withProvider = (name: string, registered = {}) => servicesFor({ ...s.config, eSignatureProvider: name }, s.database, definitions(), silent, { eSignatureProviders: registered });
    expect(withProvider('sandbox').eSignature.name).toBe('sandbox');
    const real: ESignatureProvider = { ...sandboxFactory({ db: s.database.db, config: s.config, brands: s.services.brands, definitions: definitions() }), name: 'acme-sign' };
    expect(withProvider('acme-sign', { 'acme-sign': () => real }).eSignature).toBe(real);
    expect(() => withProvider('acme-sign')).toThrow(ConfigError);
    expect(() => withProvider('acme-sign')).toThrow(/known: sandbox/);
  });
});

describe('e-signature sandbox controls in production', () => {
  const s = useHarness(() => startServer('pglite', { config: { production: true, demo: true } }));

  it('are not served (404), even with DEMO on', async () => {
    const created = await s.services.eSignature.createEnvelope({
      documents: [{ name: 'Quote.pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
      recipients: [{ name: 'Pat Signer', email: 'pat@example.com', role: 'signer' }],
      returnUrl: 'https://au.example/applications/x/quotesign',
    });
    const post = await s.request(`/dev/esign/${created.envelopeId}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'expired' }) });
    expect(post.status).toBe(404);
    expect((await s.request(`/dev/esign/${created.envelopeId}`)).status).toBe(404);
    expect((await s.services.eSignature.status(created.envelopeId))?.status).toBe('sent');
  });
});
