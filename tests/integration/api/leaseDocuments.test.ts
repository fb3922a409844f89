/**
 * The contract page's server side (issue 32): signing enabled only once approved; a crafted Submit & Complete is
 * refused by the one rule the screen reads; the lease documents as real PDFs (pdftotext reads the application's
 * data), their download links and their e-mail with attachments through the outbox, rate limited per recipient.
 */
import { execFileSync } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness } from './harness';
import { codeOf, row, serverSets, setProperty } from './helpers';

const A = FIXTURE.apps.shared;
const pdfText = (bytes: Uint8Array) => execFileSync('/usr/bin/pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');

describe.each(DATABASES)('lease documents on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    await serverSets(h, A, 'scoreboard.status', 'reviewAndSignContract');
    await serverSets(h, A, 'scoreboard.statusCreditCheck', 'approved');
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'wet' });
    await serverSets(h, A, 'scoreboard.businessDetails', { financeDetails: { personalGuarantee: 'yes' } });
  });

  const urls = (name: string) => h.gql('primary', 'mutation($id: ID!, $n: String!) { getWetSignatureUrl(applicationId: $id, wetSignatureObjName: $n) { files { url fileName } } }', { id: A, n: name });
  const send = (name: string, email: string) => h.gql('primary', 'mutation($id: ID!, $n: String!, $e: String!) { sendWetSignatureEmail(applicationId: $id, wetSignatureObjName: $n, email: $e) { message } }', { id: A, n: name, e: email });

  it('enables signing only once the credit check approved the application (a crafted write at refer is refused)', async () => {
    await serverSets(h, A, 'scoreboard.statusCreditCheck', 'refer');
    const refused = await setProperty(h, 'primary', A, 'signingEnabled', true);
    expect(codeOf(refused)).not.toBe('ok');
    expect(refused.errors?.[0].message).toBe(h.definitions.message('api.error.signingNotApproved', { region: 'au', brand: 'acme-au' }));
    expect((await row(h, A)).record.scoreboard).not.toHaveProperty('signingEnabled');
    await serverSets(h, A, 'scoreboard.statusCreditCheck', 'Approved');
    expect(codeOf(await setProperty(h, 'primary', A, 'signingEnabled', true))).toBe('ok');
    expect((await row(h, A)).record.scoreboard).toMatchObject({ signingEnabled: true });
    expect(codeOf(await setProperty(h, 'secondary', A, 'signingEnabled', false))).toBe('FORBIDDEN_PATH');
  });

  it('refuses a crafted Submit & Complete without the documents (the status request and the submit call)', async () => {
    const request = await h.gql('primary', 'mutation($id: ID!) { requestTransition(applicationId: $id, event: "wetSignatureSubmitted") { status } }', { id: A });
    expect(codeOf(request)).toBe('GUARD_FAILED');
    expect(codeOf(await setProperty(h, 'primary', A, 'status', 'finished'))).toBe('GUARD_FAILED');
    expect((await row(h, A)).record.scoreboard).toMatchObject({ status: 'reviewAndSignContract' });
  });

  it('answers download links of the documents that apply; each is a PDF of the application (pdftotext reads its data)', async () => {
    const all = await urls('download-all');
    const files = (all.data?.getWetSignatureUrl as { files: { url: string; fileName: string }[] }).files;
    expect(files.map((f) => f.fileName)).toEqual(['Document-Instruction.pdf', 'Master-Lease-Agreement.pdf', 'Personal-Guarantee.pdf', 'Direct-Debit.pdf', 'Quote.pdf']);
    const get = (url: string) => h.app.fetch(`http://au.localhost${new URL(url).pathname}${new URL(url).search}`);
    const mla = await get(files[1].url);
    expect(mla.headers.get('content-type')).toBe('application/pdf');
    expect(mla.headers.get('content-disposition')).toContain('Master-Lease-Agreement.pdf');
    const text = pdfText(new Uint8Array(await mla.arrayBuffer()));
    for (const expected of ['Master Lease Agreement', 'Fixture Pty Ltd', 'TOYOTA HILUX', '$1,200', '48 months']) expect(text).toContain(expected);
    expect(pdfText(new Uint8Array(await (await get(files[0].url)).arrayBuffer()))).toContain('Document Instructions');
    // A tampered link is refused; a document that does not apply is not offered.
    expect((await get(files[1].url.replace('documentMLA', 'documentBank'))).status).toBe(403);
    await serverSets(h, A, 'scoreboard.businessDetails', { financeDetails: { personalGuarantee: 'no' } });
    expect(codeOf(await urls('documentPCA'))).toBe('NOT_FOUND');
    // Only for the primary officer of an approved wet-signature application.
    expect(codeOf(await h.gql('secondary', 'mutation($id: ID!) { getWetSignatureUrl(applicationId: $id, wetSignatureObjName: "documentMLA") { files { url } } }', { id: A }))).toBe('FORBIDDEN');
    await serverSets(h, A, 'scoreboard.statusCreditCheck', 'referred');
    expect(codeOf(await urls('documentMLA'))).toBe('INVALID_TRANSITION');
  });

  it('e-mails the documents as PDF attachments through the outbox, limited per recipient', async () => {
    expect(codeOf(await send('send-all', 'not-an-address'))).toBe('INVALID_VALUE');
    expect(await send('send-all', 'Accounts@Example.test')).toMatchObject({ data: { sendWetSignatureEmail: { message: 'OK' } } });
    const mail = await h.database.db.selectFrom('outbox').selectAll().where('to_address', '=', 'accounts@example.test').executeTakeFirstOrThrow();
    expect(mail.body_text).toContain('Fixture Pty Ltd');
    const attachments = await h.database.db.selectFrom('outbox_attachments').selectAll().where('outbox_id', '=', mail.id).orderBy('position').execute();
    expect(attachments.map((a) => a.file_name)).toEqual(['Document-Instruction.pdf', 'Master-Lease-Agreement.pdf', 'Personal-Guarantee.pdf', 'Direct-Debit.pdf', 'Quote.pdf']);
    expect(pdfText(Buffer.from(attachments[2].content_base64, 'base64'))).toContain('Personal Guarantee');
    // The recipient's limit (settings.rateLimits.leaseDocumentEmail, per email): then RATE_LIMITED, nothing queued.
    const rules = h.definitions.layers({ region: 'au', brand: 'acme-au' }).settings.rateLimits as Record<string, { per: string; limit: number }[]>;
    const perEmail = rules.leaseDocumentEmail.find((r) => r.per === 'email')!.limit;
    for (let i = 1; i < perEmail; i++) expect(codeOf(await send('documentAI', 'accounts@example.test'))).toBe('ok');
    expect(codeOf(await send('documentAI', 'accounts@example.test'))).toBe('RATE_LIMITED');
    expect((await h.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'accounts@example.test').execute()).length).toBe(perEmail);
  });
});
