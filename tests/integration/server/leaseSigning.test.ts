/**
 * Lease signing through the e-signature sandbox (issue 34; spec 002 s4 'Digital signing', s5, s7), over HTTP:
 * getMLADocusign makes one lease envelope (primary, secondary, witness in that order) however many calls at once,
 * only the officer whose turn it is gets a page, the finish rules are decided from the provider's envelope (one signer,
 * two signers, witnesses), the signed PDF is kept and downloadable by the officers, and crafted calls are refused:
 * a client marking the envelope or the application completed, signing for another officer, signing before the
 * guarantee's upload, a foreign return URL.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startServer, type TestServer } from './harness';

interface Fresh {
  applicationId: string;
  primary: string;
  secondary?: string;
  host: string;
  origin: string;
  returnUrl: string;
}

const SIGN_URL = 'mutation($id: ID!, $p: Boolean, $u: String!) { getMLADocusign(applicationId: $id, isCurrentUserPrimary: $p, returnUrl: $u) { url message } }';
const STATUS = 'mutation($id: ID!) { getEnvelopeMLA(applicationId: $id) { status { signers { email status } witnesses { roleName status } } } }';
const SET = 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }';
const WITNESS = 'witness.lease@example.test';

describe.each(DATABASES)('lease signing on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  }, 60_000);
  afterAll(() => s?.close());

  /** A fresh AU application at reviewAndSignContract, digital signing enabled, both officers signed in (unless one officer). */
  async function fresh(set: Record<string, unknown> = {}, withSecondary = true): Promise<Fresh> {
    const base = { 'scoreboard.signingEnabled': true, ...(withSecondary ? { 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' } : {}) };
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'au', role: 'primary', status: 'reviewAndSignContract', withSecondary, set: { ...base, ...set } }) });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { email: string; otherEmail?: string; password: string; applicationId: string; host: string; origin: string };
    const primary = await s.login(a.email, a.password, a.host);
    const secondary = a.otherEmail ? await s.login(a.otherEmail, a.password, a.host) : undefined;
    return { applicationId: a.applicationId, primary, secondary, host: a.host, origin: a.origin, returnUrl: `${a.origin}/applications/${a.applicationId}/quotesign-mla` };
  }
  const gql = (f: Fresh, cookie: string | undefined, query: string, variables: Record<string, unknown> = {}) => s.gql(query, { id: f.applicationId, ...variables }, { cookie, host: f.host });
  const signUrl = (f: Fresh, cookie: string | undefined, primary: boolean | null, u = f.returnUrl) => gql(f, cookie, SIGN_URL, { p: primary, u });
  const status = async (f: Fresh, cookie = f.primary) => (await gql(f, cookie, STATUS)).body.data?.getEnvelopeMLA as { status: { signers: { email: string; status: string }[]; witnesses: { roleName: string; status: string }[] } };
  const code = (r: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) => (r.body.errors?.length ? String(r.body.errors[0].extensions?.code) : 'ok');
  const record = async (f: Fresh) => (await s.database.db.selectFrom('applications').select('record').where('id', '=', f.applicationId).executeTakeFirstOrThrow()).record as { scoreboard: Record<string, unknown> };
  const pathOf = (url: string) => new URL(url).pathname;
  const sign = (url: string, host: string) => s.request(pathOf(url), { method: 'POST', host, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=sign', redirect: 'manual' });
  const envelopes = async (f: Fresh) => s.database.db.selectFrom('signing_envelopes').select(['envelope_id']).where('application_id', '=', f.applicationId).where('purpose', '=', 'lease').execute();

  it('two officers and a witness, in turn, to finished; one envelope under concurrent calls; crafted calls refused', async () => {
    const f = await fresh({ 'scoreboard.witnesses': [{ name: 'Wendy Witness', email: WITNESS, roleName: 'Witness' }] });
    const sb = (await record(f)).scoreboard as { primaryApplicant: { email: string }; secondaryApplicant: { email: string } };
    // Before any envelope: everyone pending, in signing order.
    expect((await status(f)).status).toEqual({
      signers: [{ email: sb.primaryApplicant.email.toLowerCase(), status: 'pending' }, { email: sb.secondaryApplicant.email.toLowerCase(), status: 'pending' }],
      witnesses: [{ roleName: 'Witness', status: 'pending' }],
    });
    // Crafted: a return URL elsewhere, or the quote's; signing as the other officer; the secondary before their turn.
    expect(code(await signUrl(f, f.primary, true, 'https://evil.example/applications/x/quotesign-mla'))).toBe('INVALID_VALUE');
    expect(code(await signUrl(f, f.primary, true, `${f.origin}/applications/${f.applicationId}/quotesign`))).toBe('INVALID_VALUE');
    expect(code(await signUrl(f, f.secondary, true))).toBe('FORBIDDEN');
    expect(code(await signUrl(f, f.primary, false))).toBe('FORBIDDEN');
    expect(await envelopes(f)).toHaveLength(0);

    // Five calls at once: one envelope.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => signUrl(f, f.primary, true)));
    for (const a of answers) expect(code(a)).toBe('ok');
    const urls = new Set(answers.map((a) => (a.body.data?.getMLADocusign as { url: string }).url));
    expect(urls.size).toBe(1);
    expect(await envelopes(f)).toHaveLength(1);
    const [primaryUrl] = [...urls];
    expect(primaryUrl).toMatch(new RegExp(`^${f.origin}/sandbox/esign/`));
    // The secondary's turn comes after the primary's.
    expect(code(await signUrl(f, f.secondary, false))).toBe('INVALID_TRANSITION');

    // Crafted: the client cannot finish the application nor mark the envelope completed.
    for (const [path, value] of [['scoreboard.status', 'finished'], ['scoreboard.statusSecondary', 'finished'], ['scoreboard.signedLease', { envelopeId: 'x' }]] as const) {
      const r = await gql(f, f.primary, SET, { p: { propertyFirst: path.replace('scoreboard.', ''), value } });
      expect(code(r)).not.toBe('ok');
    }
    // Nor raise the status flows' `signed` (the provider's outcome, by the server alone), nor claim a signature.
    for (const cookie of [f.primary, f.secondary!]) {
      expect(code(await gql(f, cookie, 'mutation($id: ID!) { requestTransition(applicationId: $id, event: "signed") { status } }'))).not.toBe('ok');
    }
    await gql(f, f.primary, 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status } }'); // the quote's: it finishes nothing
    expect((await record(f)).scoreboard.status).toBe('reviewAndSignContract');
    const envelopeId = (await envelopes(f))[0].envelope_id;
    expect((await s.request(`/dev/esign/${envelopeId}`, { method: 'GET' })).status).toBe(200);

    // The primary signs: back to the return page; the secondary's turn.
    const signed = await sign(primaryUrl, f.host);
    expect(signed.headers.get('location')).toBe(`${f.returnUrl}?event=signing_complete`);
    expect((await status(f, f.secondary!)).status.signers.map((x) => x.status)).toEqual(['completed', 'pending']);
    expect(code(await signUrl(f, f.primary, true))).toBe('ok'); // signed already: the return page's URL
    const second = await signUrl(f, f.secondary, false);
    expect(code(second)).toBe('ok');
    const secondaryUrl = (second.body.data?.getMLADocusign as { url: string }).url;
    expect(secondaryUrl).not.toBe(primaryUrl);
    // The witness's page before the secondary signed: no Sign button (recipients sign in order).
    const listed = (await (await s.request(`/dev/esign/?email=${encodeURIComponent(WITNESS)}`, { method: 'GET' })).json()) as { envelopes: { envelopeId: string; recipients: { email: string; signingUrl: string }[] }[] };
    // The concurrent calls' spare envelopes were voided: the witness's page is on the application's one.
    const witnessUrl = listed.envelopes.find((e) => e.envelopeId === envelopeId)!.recipients.find((r) => r.email === WITNESS)!.signingUrl;
    expect(await (await s.request(pathOf(witnessUrl), { host: f.host })).text()).not.toContain('<form');
    await sign(secondaryUrl, f.host);
    // Both officers signed, the witness not yet: not finished (with witnesses, all witnesses and all signers).
    expect((await status(f)).status.witnesses).toEqual([{ roleName: 'Witness', status: 'pending' }]);
    expect((await record(f)).scoreboard.status).toBe('reviewAndSignContract');

    // The witness signs on the sandbox's page; the next status read finishes the application on the server.
    await sign(witnessUrl, f.host);
    const final = await status(f, f.secondary!);
    expect(final.status.witnesses).toEqual([{ roleName: 'Witness', status: 'completed' }]);
    const done = await record(f);
    expect(done.scoreboard).toMatchObject({ status: 'finished', statusSecondary: 'finished', signedLease: { envelopeId, uploadFile: { fileName: 'Signed-Lease.pdf', mimeType: 'application/pdf' } } });
    // The signed PDF: the lease documents, downloadable by both officers.
    const uuid = (done.scoreboard.signedLease as { uploadFile: { uuid: string } }).uploadFile.uuid;
    for (const cookie of [f.primary, f.secondary!]) {
      const file = await gql(f, cookie, 'mutation($u: ID!) { getFileByUUID(uuid: $u) { signedUrl fileName } }', { u: uuid });
      expect(code(file)).toBe('ok');
      const link = (file.body.data?.getFileByUUID as { signedUrl: string }).signedUrl;
      const pdf = await s.request(`${pathOf(link)}${new URL(link).search}`, { host: f.host });
      expect(pdf.status).toBe(200);
      expect((await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()))).getPageCount()).toBeGreaterThanOrEqual(3);
    }
    // A repeat read changes nothing.
    const version = (await s.database.db.selectFrom('applications').select('version').where('id', '=', f.applicationId).executeTakeFirstOrThrow()).version;
    await status(f);
    expect((await s.database.db.selectFrom('applications').select('version').where('id', '=', f.applicationId).executeTakeFirstOrThrow()).version).toBe(version);
  });

  it('one signer finishes alone', async () => {
    const f = await fresh({}, false);
    const r = await signUrl(f, f.primary, true);
    expect(code(r)).toBe('ok');
    expect((await status(f)).status).toMatchObject({ witnesses: [] });
    expect((await status(f)).status.signers).toHaveLength(1);
    await sign((r.body.data?.getMLADocusign as { url: string }).url, f.host);
    expect((await status(f)).status.signers[0].status).toBe('completed');
    expect((await record(f)).scoreboard).toMatchObject({ status: 'finished', signedLease: { uploadFile: { mimeType: 'application/pdf' } } });
  });

  it('two signers without witnesses finish when both signed, not before', async () => {
    const f = await fresh();
    const first = await signUrl(f, f.primary, true);
    await sign((first.body.data?.getMLADocusign as { url: string }).url, f.host);
    expect((await status(f)).status).toMatchObject({ witnesses: [] });
    expect((await record(f)).scoreboard).toMatchObject({ status: 'reviewAndSignContract', statusSecondary: 'reviewAndSignContract' });
    const second = await signUrl(f, f.secondary, false);
    await sign((second.body.data?.getMLADocusign as { url: string }).url, f.host);
    expect((await status(f, f.secondary!)).status.signers.map((x) => x.status)).toEqual(['completed', 'completed']);
    expect((await record(f)).scoreboard).toMatchObject({ status: 'finished', statusSecondary: 'finished' });
  });

  it('refuses signing before the Personal Guarantee is uploaded, saying so', async () => {
    const f = await fresh({ 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'yes' }, false);
    const r = await signUrl(f, f.primary, true);
    expect(code(r)).toBe('GUARD_FAILED');
    expect(r.body.errors?.[0].message).toBe('Please upload The Personal Guarantee at first!');
    expect(await envelopes(f)).toHaveLength(0);
    // Once uploaded (as the combined screen's slot attaches it), signing opens; the guarantee is not in the envelope.
    const pdf = Buffer.from(await (await PDFDocument.create()).save()).toString('base64');
    const saved = await gql(f, f.primary, 'mutation($f: FileInput!) { saveFile(file: $f) { uuid } }', { f: { fileName: 'pg.pdf', mimeType: 'application/pdf', applicationId: f.applicationId, content: pdf } });
    const uuid = (saved.body.data?.saveFile as { uuid: string }).uuid;
    const up = await gql(f, f.primary, 'mutation($id: ID!, $f: UploadFileInput!) { uploadWetSignature(applicationId: $id, wetSignatureObjName: "documentPCA", uploadFileObj: $f) { url } }', { f: { fileName: 'pg.pdf', uuid, mimeType: 'application/pdf' } });
    expect(code(up)).toBe('ok');
    const ok = await signUrl(f, f.primary, true);
    expect(code(ok)).toBe('ok');
    const page = await (await s.request(pathOf((ok.body.data?.getMLADocusign as { url: string }).url), { host: f.host })).text();
    expect(page).toContain('Master-Lease-Agreement.pdf');
    expect(page).not.toContain('Personal-Guarantee.pdf');
  });

  it('wet signature: the secondary officer signs an envelope of their own; statusSecondary finishes, status stays the primary\'s', async () => {
    const f = await fresh({ 'scoreboard.wetSignature.signType': 'wet' });
    expect(code(await signUrl(f, f.primary, true))).toBe('INVALID_TRANSITION');
    const r = await signUrl(f, f.secondary, false);
    expect(code(r)).toBe('ok');
    await sign((r.body.data?.getMLADocusign as { url: string }).url, f.host);
    await status(f, f.secondary!);
    expect((await record(f)).scoreboard).toMatchObject({ status: 'reviewAndSignContract', statusSecondary: 'finished' });
  });
});
