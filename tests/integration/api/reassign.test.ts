/**
 * Reassignment end to end on the server (spec 000 s2 'Order verification', s4 'Reassignment', s5 the reassign
 * form's rules): only the current primary officer at orderVerification hands the application over; the details
 * pass the layered `reassign` schema; the invited officer gets an account (or their existing one) and an
 * invitation whose set-password link is single use and expires like a reset token; after setting a password
 * they sign in, land on the application and hold it as its (unconfirmed) primary applicant; the sender's next
 * request for it is refused.
 *
 * Officers who leave take their signatures with them (issue 29; server/graphql/resolvers/officerChange.ts): after
 * reassignQuote the old officer's signing link refuses (410, the catalogue's text) and getEnvelope is not completed;
 * the new officer gets and signs their own envelope. A quote the old officer signed while the journey is still at
 * order verification is taken back (the nominee signs again); once the journey has moved on it stays. A change of
 * the secondary officer voids the envelopes naming them and leaves the primary's standing.
 */
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadServerDefinitions } from '../../../server/definitions';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer } from './harness';
import { codeOf, row, serverSets } from './helpers';

const A = FIXTURE.apps.shared;
const REASSIGN = 'mutation($u: UserInfoInput!, $id: ID) { reassignQuote(userInfo: $u, applicationId: $id) { status message } }';
const READ = 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId roles scoreboard { status primaryApplicant { userId email confirmed } } } }';
const RESET = 'mutation($e: String!, $h: String!, $p: String!) { resetPassword(email: $e, hash: $h, password: $p, confirmPassword: $p) { success error } }';
const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { success redirectTo user { id } } }';
const PASSWORD = 'Invited-Officer-1';
const QUOTE_URL = 'mutation($u: String!, $id: ID) { getQuoteDocusign(returnUrl: $u, applicationId: $id) { url message } }';
const ENVELOPE = 'mutation($id: ID) { getEnvelope(applicationId: $id) { status } }';
const COMPLETE = 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message } }';
const NOMINATE = 'mutation($id: ID, $u: UserInfoInput!) { selectPrimaryApplicant(applicationId: $id, isCurrentUserPrimary: false, vehicleApplicationStatus: "no", userInfo: $u) { status } }';
const NAME_SECOND = 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicationId: $id, applicantType: "director", userInfo: $u) { status } }';
const RETURN_URL = `http://au.localhost:8080/applications/${A}/quotesign`;
const AU = { region: 'au', brand: FIXTURE.brand };
/** settings.invitation.expiryHours of the AU layers (messages/account.yaml). */
const INVITATION_HOURS = (loadServerDefinitions(join(import.meta.dirname, '../../..')).layers(AU).settings.invitation as { expiryHours: number }).expiryHours;
const officer = { firstName: 'Olive', lastName: "O'Brien", email: 'Olive.Officer@fixture.test', phone: '0411222333' };

describe.each(DATABASES)('reassignment on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
  });

  /** POST a GraphQL operation with a raw cookie (or none); answers the body and the session cookie set, if any. */
  async function post(query: string, variables: Record<string, unknown>, cookie?: string): Promise<Answer & { cookie?: string }> {
    const headers: Record<string, string> = { 'content-type': 'application/json', host: 'au.localhost' };
    if (cookie) headers.cookie = cookie;
    const res = await h.app.fetch('http://au.localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const set = res.headers.get('set-cookie')?.match(/ff_session=[^;]+/)?.[0];
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>), ...(set ? { cookie: set } : {}) };
  }

  /** The set-password link of the last e-mail to `email`: its token and e-mail parameters. */
  async function invitationLink(email: string): Promise<{ hash: string; email: string; template: string }> {
    const mail = await h.database.db.selectFrom('outbox').select(['body_text', 'template']).where('to_address', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const link = mail.body_text.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0];
    expect(link, 'the e-mail carries the set-password link').toBeDefined();
    const params = new URL(link!).searchParams;
    return { hash: params.get('hash')!, email: params.get('email')!, template: mail.template };
  }

  it('creates the officer account, e-mails a single-use set-password link, and the officer signs in to the application as its primary', async () => {
    const r = await h.gql('primary', REASSIGN, { u: officer });
    expect(r.data?.reassignQuote).toMatchObject({ status: '200' });
    const email = officer.email.toLowerCase();
    const account = await h.database.db.selectFrom('users').select(['id', 'password_hash', 'brand_id', 'first_name']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(account).toMatchObject({ password_hash: null, brand_id: FIXTURE.brand, first_name: officer.firstName });
    const app = await row(h, A);
    expect(app.primary).toBe(account.id);
    expect((app.record.scoreboard as Record<string, unknown>).primaryApplicant).toMatchObject({ userId: account.id, email, confirmed: 'no', lastName: officer.lastName });

    // The invitation: its own template; the token expires after settings.invitation.expiryHours (72), not a reset's hour.
    const link = await invitationLink(email);
    expect(link).toMatchObject({ email, template: 'invitation' });
    const token = await h.database.db.selectFrom('password_resets').select(['expires_at', 'used_at']).where('user_id', '=', account.id).executeTakeFirstOrThrow();
    expect(token.used_at).toBeNull();
    expect(Math.abs(new Date(token.expires_at).getTime() - (Date.now() + INVITATION_HOURS * 3_600_000))).toBeLessThan(60_000);

    // No password yet: sign-in fails; the link sets one (the reset-password page's call), once.
    expect((await post(LOGIN, { e: email, p: PASSWORD })).data?.login).toMatchObject({ success: false });
    expect((await post(RESET, { e: link.email, h: link.hash, p: PASSWORD })).data?.resetPassword).toEqual({ success: true, error: null });
    const again = (await post(RESET, { e: link.email, h: link.hash, p: 'Another-Password-2' })).data?.resetPassword as { success: boolean; error: string };
    expect(again).toEqual({ success: false, error: h.definitions.message('auth.reset.invalid', { region: 'au', brand: FIXTURE.brand }) });

    // The officer signs in and lands on the application, which they hold as its primary applicant (not yet confirmed).
    const login = await post(LOGIN, { e: email, p: PASSWORD });
    expect(login.data?.login).toEqual({ success: true, redirectTo: `/applications/${A}`, user: { id: account.id } });
    const read = await post(READ, { id: A }, login.cookie);
    expect(read.data?.getVehicleApplication).toEqual({ applicationId: A, roles: ['primary'], scoreboard: { status: 'orderVerification', primaryApplicant: { userId: account.id, email, confirmed: 'no' } } });
    // The old password ("another") was never set.
    expect((await post(LOGIN, { e: email, p: 'Another-Password-2' })).data?.login).toMatchObject({ success: false });
  });

  it('the invitation e-mail names the company and the sender, says how long its link works, and its subject has no stray space', async () => {
    expect(INVITATION_HOURS, 'the default (issue 37)').toBe(72);
    expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });
    const mail = await h.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', officer.email.toLowerCase()).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const sender = `${FIXTURE.users.primary.first} ${FIXTURE.users.primary.last}`;
    expect(mail.subject).toBe(`${sender} invited you to continue the lease application of Fixture Pty Ltd`);
    expect(mail.subject).toBe(mail.subject.trim());
    expect(mail.body_text).toContain(`${sender} invited you, as an authorised officer of Fixture Pty Ltd,`);
    expect(mail.body_text).toContain('The link expires in 72 hours.');
    expect(mail.body_text).not.toMatch(/\{\w+\}/);
  });

  it('before the company is known, the invitation chooses its sentence without one', async () => {
    await serverSets(h, A, 'scoreboard.companyDetails', {});
    expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });
    const mail = await h.database.db.selectFrom('outbox').select(['subject', 'body_text']).where('to_address', '=', officer.email.toLowerCase()).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`${FIXTURE.users.primary.first} ${FIXTURE.users.primary.last} invited you to continue a vehicle lease application`);
    expect(mail.body_text).not.toMatch(/\{\w+\}| of ,/);
  });

  it("refuses the sender's next request for the application, by id or as their active one, read or write", async () => {
    expect(codeOf(await h.gql('primary', READ, { id: A }))).toBe('ok');
    expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });
    expect(codeOf(await h.gql('primary', READ, { id: A }))).toBe('FORBIDDEN');
    expect((await h.gql('primary', READ, {})).data?.getVehicleApplication).toBeNull();
    const write = await h.gql('primary', 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }', {
      id: A,
      p: { value: 'orderVerification', propertyFirst: 'status' },
    });
    expect(codeOf(write)).toBe('FORBIDDEN');
    expect(codeOf(await h.gql('primary', REASSIGN, { u: { ...officer, email: 'someone.else@fixture.test' }, id: A }))).toBe('FORBIDDEN');
  });

  it('expires the invitation link as a reset token', async () => {
    await h.gql('primary', REASSIGN, { u: officer });
    const link = await invitationLink(officer.email.toLowerCase());
    await h.database.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const r = (await post(RESET, { e: link.email, h: link.hash, p: PASSWORD })).data?.resetPassword as { success: boolean; error: string };
    expect(r).toEqual({ success: false, error: h.definitions.message('auth.reset.expired', { region: 'au', brand: FIXTURE.brand }) });
  });

  it('links an existing account of the brand that has no application instead of creating one', async () => {
    const existing = await h.database.db
      .insertInto('users')
      .values({ email: 'known.officer@fixture.test', first_name: 'Known', last_name: 'Officer', phone: '0400000001', password_hash: null, brand_id: FIXTURE.brand, region: 'AU' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await h.gql('primary', REASSIGN, { u: { ...officer, email: 'Known.Officer@fixture.test' } })).data?.reassignQuote).toMatchObject({ status: '200' });
    expect((await row(h, A)).primary).toBe(existing.id);
    const accounts = await h.database.db.selectFrom('users').select('id').where('email', '=', 'known.officer@fixture.test').execute();
    expect(accounts).toEqual([{ id: existing.id }]);
  });

  it('is the current primary officer\'s at orderVerification only', async () => {
    // The secondary officer holds no such path; the primary past orderVerification neither.
    expect(codeOf(await h.gql('secondary', REASSIGN, { u: officer, id: A }))).toBe('FORBIDDEN_PATH');
    await serverSets(h, A, 'scoreboard.status', 'businessDetails');
    expect(codeOf(await h.gql('primary', REASSIGN, { u: officer }))).toBe('FORBIDDEN_PATH');
    // A calculator application has no order verification step.
    expect(codeOf(await h.gql('calculator', REASSIGN, { u: officer }))).toBe('FORBIDDEN_PATH');
    // createOrUpdateProperty may not write what only reassignQuote writes.
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    const write = await h.gql('primary', 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }', {
      id: A,
      p: { value: 'Mallory', propertyFirst: 'primaryApplicant', propertySecond: 'firstName' },
    });
    expect(codeOf(write)).toBe('FORBIDDEN_PATH');
    expect(await h.database.db.selectFrom('users').select('id').where('email', '=', officer.email.toLowerCase()).execute()).toEqual([]);
    expect((await row(h, A)).primary).toBe(FIXTURE.users.primary.id);
  });

  it('validates the details with the layered reassign schema and refuses the sender\'s own e-mail, creating nothing', async () => {
    const layers = h.definitions.layers({ region: 'au', brand: FIXTURE.brand });
    const props = (layers.schemas.reassign as { properties: Record<string, { minLength: number; maxLength: number }> }).properties;
    expect(props.firstName).toMatchObject({ minLength: 2, maxLength: 40 });
    expect(props.email).toMatchObject({ minLength: 2, maxLength: 55 });
    expect(props.phone).toMatchObject({ minLength: 10, maxLength: 10 });
    const text = (key: string, vars?: Record<string, string | number>) => h.definitions.message(key, { region: 'au', brand: FIXTURE.brand }, vars);
    const cases: [Partial<typeof officer>, string, string][] = [
      [{ firstName: 'A' }, 'userInfo.firstName', text('validation.minLength', { n: props.firstName.minLength })],
      [{ lastName: 'B'.repeat(props.lastName.maxLength + 1) }, 'userInfo.lastName', text('validation.maxLength', { n: props.lastName.maxLength })],
      [{ firstName: 'J0hn' }, 'userInfo.firstName', text('format.name')],
      [{ email: `${'x'.repeat(props.email.maxLength)}@fixture.test` }, 'userInfo.email', text('validation.maxLength', { n: props.email.maxLength })],
      [{ email: 'not-an-email' }, 'userInfo.email', text('format.email')],
      [{ phone: '0'.repeat(props.phone.minLength - 1) }, 'userInfo.phone', text('validation.exactLength', { n: props.phone.minLength })],
      [{ phone: '0'.repeat(props.phone.maxLength + 1) }, 'userInfo.phone', text('validation.exactLength', { n: props.phone.minLength })],
      [{ email: FIXTURE.users.primary.email.toUpperCase() }, 'userInfo.email', text('validation.notOwnEmail')],
    ];
    for (const [change, field, message] of cases) {
      const r = await h.gql('primary', REASSIGN, { u: { ...officer, ...change } });
      expect(codeOf(r), JSON.stringify(change)).toBe('INVALID_VALUE');
      expect((r.errors?.[0].extensions?.fields as Record<string, string>)?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await h.database.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    expect((await row(h, A)).primary).toBe(FIXTURE.users.primary.id);
  });

  describe('officers who leave take their signatures with them', () => {
    const text = (key: string) => h.definitions.message(key, AU);
    /** The sandbox's signing page at `url` (GET, or POST with `action`). */
    const signingPage = (url: string, action?: 'sign' | 'decline') =>
      h.app.fetch(`http://au.localhost${new URL(url).pathname}`, {
        method: action ? 'POST' : 'GET',
        headers: { host: 'au.localhost', ...(action ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body: action ? `action=${action}` : undefined,
        redirect: 'manual',
      });
    const envelopeIdOf = (url: string) => new URL(url).pathname.split('/')[3];
    const providerState = async (url: string) => (await h.services.eSignature.status(envelopeIdOf(url)))?.status;
    const signingStatus = async () => {
      const record = (await row(h, A)).record as { docusignStatus?: unknown; scoreboard: Record<string, unknown> };
      return { scoreboard: record.scoreboard.docusignStatus, top: record.docusignStatus, status: record.scoreboard.status };
    };
    /** The quote signing before any envelope (the fixture's quote is signed). */
    async function unsigned() {
      await serverSets(h, A, 'scoreboard.docusignStatus', 'none');
      await serverSets(h, A, 'docusignStatus', 'none');
    }
    /** The old primary's quote signing URL. */
    async function oldOfficersEnvelope(): Promise<string> {
      const r = await h.gql('primary', QUOTE_URL, { u: RETURN_URL, id: A });
      expect(r.errors).toBeUndefined();
      const url = (r.data?.getQuoteDocusign as { url: string }).url;
      expect(url).toMatch(/\/sandbox\/esign\//);
      return url;
    }
    /** The invited officer sets a password from their invitation and signs in: answers their session cookie. */
    async function signIn(email: string): Promise<string> {
      const link = await invitationLink(email);
      expect((await post(RESET, { e: link.email, h: link.hash, p: PASSWORD })).data?.resetPassword).toEqual({ success: true, error: null });
      const login = await post(LOGIN, { e: email, p: PASSWORD });
      expect(login.cookie).toBeDefined();
      return login.cookie!;
    }
    /** The old link refuses: 410 with the catalogue's text and the provider's reason, no form, for GET, POST and its documents. */
    async function refuses(url: string) {
      const page = await signingPage(url);
      expect(page.status).toBe(410);
      const html = await page.text();
      expect(html).toContain(text('esignSandbox.state.voided'));
      expect(html).toContain(text('signing.voided.officerChanged'));
      expect(html).not.toContain('<form');
      const signed = await signingPage(url, 'sign');
      expect(signed.status).toBe(410);
      expect(signed.headers.get('location')).toBeNull();
      expect((await h.app.fetch(`http://au.localhost${new URL(url).pathname}/documents/0`, { headers: { host: 'au.localhost' } })).status).toBe(410);
      expect(await providerState(url)).toBe('voided');
    }

    it("voids the old officer's envelope on reassignQuote: their link refuses, getEnvelope is not completed, and the new officer signs their own", async () => {
      await unsigned();
      const old = await oldOfficersEnvelope();
      expect((await signingStatus()).scoreboard).toBe('created');
      expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });

      await refuses(old);
      const rows = await h.database.db.selectFrom('signing_envelopes').select(['id', 'voided_at']).where('application_id', '=', A).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].voided_at).not.toBeNull();
      // No envelope awaits a signature any more: the quote signing is back to none.
      expect(await signingStatus()).toEqual({ scoreboard: 'none', top: 'none', status: 'orderVerification' });

      // The new officer: the quote is not accepted, and cannot be claimed so.
      const email = officer.email.toLowerCase();
      const cookie = await signIn(email);
      expect((await post(ENVELOPE, { id: A }, cookie)).data?.getEnvelope).toEqual({ status: 'voided' });
      expect(codeOf(await post(COMPLETE, { id: A }, cookie))).toBe('GUARD_FAILED');
      // Their own envelope, replacing the voided one, names them; they sign it.
      const mine = (await post(QUOTE_URL, { u: RETURN_URL, id: A }, cookie)).data?.getQuoteDocusign as { url: string; message: string };
      expect(mine.message).toBe('OK');
      expect(envelopeIdOf(mine.url)).not.toBe(envelopeIdOf(old));
      expect((await h.services.eSignature.status(envelopeIdOf(mine.url)))?.recipients.map((r) => r.email)).toEqual([email]);
      const after = await h.database.db.selectFrom('signing_envelopes').select(['id', 'replaces', 'voided_at']).where('application_id', '=', A).orderBy('created_at').execute();
      expect(after).toHaveLength(2);
      expect(after[1]).toMatchObject({ replaces: after[0].id, voided_at: null });
      expect((await post(ENVELOPE, { id: A }, cookie)).data?.getEnvelope).toEqual({ status: 'created' });
      const signed = await signingPage(mine.url, 'sign');
      expect(signed.status).toBe(303);
      expect(signed.headers.get('location')).toBe(`${RETURN_URL}?event=signing_complete`);
      expect((await post(ENVELOPE, { id: A }, cookie)).data?.getEnvelope).toEqual({ status: 'completed' });
      expect(await signingStatus()).toEqual({ scoreboard: 'completed', top: 'completed', status: 'orderVerification' });
      // The old link still refuses.
      expect((await signingPage(old, 'sign')).status).toBe(410);
    });

    it('takes back a quote the old officer signed while still at order verification: the new officer signs again', async () => {
      await unsigned();
      const old = await oldOfficersEnvelope();
      expect((await signingPage(old, 'sign')).status).toBe(303);
      expect((await h.gql('primary', ENVELOPE, { id: A })).data?.getEnvelope).toEqual({ status: 'completed' });
      expect((await signingStatus()).scoreboard).toBe('completed');

      expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });
      // The status machine took the signing back (quoteSigning's officerChanged, by the server); the envelope no longer counts.
      expect(await signingStatus()).toEqual({ scoreboard: 'none', top: 'none', status: 'orderVerification' });
      const transition = await h.database.db.selectFrom('audit_log').select(['action', 'from_status', 'to_status']).where('application_id', '=', A).where('action', 'like', 'transition:quoteSigning.%').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(transition).toEqual({ action: 'transition:quoteSigning.officerChanged', from_status: 'completed', to_status: 'none' });
      // A completed envelope stays completed at the provider (it cannot be voided), but the portal marked it.
      expect(await providerState(old)).toBe('completed');
      const marked = await h.database.db.selectFrom('signing_envelopes').select('voided_at').where('application_id', '=', A).executeTakeFirstOrThrow();
      expect(marked.voided_at).not.toBeNull();

      const cookie = await signIn(officer.email.toLowerCase());
      expect((await post(ENVELOPE, { id: A }, cookie)).data?.getEnvelope).toEqual({ status: 'voided' });
      expect(codeOf(await post(COMPLETE, { id: A }, cookie))).toBe('GUARD_FAILED');
      expect((await signingStatus()).status).toBe('orderVerification');
      const mine = (await post(QUOTE_URL, { u: RETURN_URL, id: A }, cookie)).data?.getQuoteDocusign as { url: string };
      expect(mine.url).toMatch(/\/sandbox\/esign\//);
      expect((await signingPage(mine.url, 'sign')).status).toBe(303);
      expect((await post(COMPLETE, { id: A }, cookie)).data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK' });
      expect(await signingStatus()).toEqual({ scoreboard: 'completed', top: 'completed', status: 'businessDetails' });
    });

    it('keeps a quote accepted before the journey moved on: a nominee named at business details does not sign it again', async () => {
      await unsigned();
      const old = await oldOfficersEnvelope();
      expect((await signingPage(old, 'sign')).status).toBe(303);
      expect((await h.gql('primary', COMPLETE, { id: A })).data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK' });
      expect(await signingStatus()).toEqual({ scoreboard: 'completed', top: 'completed', status: 'businessDetails' });

      const nominee = { ...officer, email: 'nora.nominee@fixture.test' };
      expect((await h.gql('primary', NOMINATE, { id: A, u: nominee })).data?.selectPrimaryApplicant).toMatchObject({ status: '200' });
      expect((await row(h, A)).primary).not.toBe(FIXTURE.users.primary.id);
      expect(await signingStatus()).toEqual({ scoreboard: 'completed', top: 'completed', status: 'businessDetails' });
      expect(await providerState(old)).toBe('completed');
      const kept = await h.database.db.selectFrom('signing_envelopes').select('voided_at').where('application_id', '=', A).executeTakeFirstOrThrow();
      expect(kept.voided_at).toBeNull();
      const cookie = await signIn(nominee.email);
      expect((await post(ENVELOPE, { id: A }, cookie)).data?.getEnvelope).toEqual({ status: 'completed' });
    });

    it("voids the envelopes naming a secondary officer who is replaced, and leaves the primary's standing", async () => {
      // Business details, the confirmed primary officer names Authorised Officer (2) (001 s4 'Primary flow').
      await serverSets(h, A, 'scoreboard.status', 'businessDetails');
      await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
      const provider = h.services.eSignature;
      /** An envelope for `email` as the lease envelopes will be (purpose lease), recorded for the application as the resolver records its own. */
      const leaseEnvelope = async (email: string) => {
        const created = await provider.createEnvelope({ documents: [{ name: 'Lease.pdf', bytes: new Uint8Array([37, 80, 68, 70]) }], recipients: [{ name: 'Officer', email, role: 'signer' }], returnUrl: RETURN_URL });
        await h.database.db.insertInto('signing_envelopes').values({ application_id: A, purpose: 'lease', provider: provider.name, envelope_id: created.envelopeId, replaces: null }).execute();
        return created.signingUrls[0].url;
      };
      // The secondary officer's envelope (a lease envelope; no operation makes one yet) and the primary's own quote envelope.
      const secondarys = await leaseEnvelope(FIXTURE.users.secondary.email);
      await unsigned();
      const primarys = await oldOfficersEnvelope();

      const second = { firstName: 'Sam', lastName: 'Second', email: 'sam.second@fixture.test', phone: '0412345678' };
      expect((await h.gql('primary', NAME_SECOND, { id: A, u: second })).data?.selectSecondaryApplicant).toMatchObject({ status: '200' });
      expect((await row(h, A)).secondary).not.toBe(FIXTURE.users.secondary.id);

      await refuses(secondarys);
      // The primary officer stayed: their envelope still awaits them, and the quote signing is as it was.
      expect(await providerState(primarys)).toBe('sent');
      const page = await signingPage(primarys);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post">');
      expect((await signingStatus()).scoreboard).toBe('created');
      expect((await h.gql('primary', ENVELOPE, { id: A })).data?.getEnvelope).toEqual({ status: 'created' });
    });

    it("voids the old officer's envelope that was being made while they handed the application over", async () => {
      await unsigned();
      // The real sandbox, held at createEnvelope until the hand-over (and its sweep of envelopes) is done: the
      // envelope's row lands after the sweep looked, the interleaving the request itself must catch.
      const provider = h.services.eSignature;
      const create = provider.createEnvelope;
      let entered!: () => void;
      let release!: () => void;
      const inside = new Promise<void>((resolve) => (entered = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      provider.createEnvelope = async (input) => {
        entered();
        await gate;
        return create.call(provider, input);
      };
      try {
        const asked = h.gql('primary', QUOTE_URL, { u: RETURN_URL, id: A });
        await inside;
        expect((await h.gql('primary', REASSIGN, { u: officer })).data?.reassignQuote).toMatchObject({ status: '200' });
        expect(await h.database.db.selectFrom('signing_envelopes').select('id').where('application_id', '=', A).execute()).toEqual([]);
        release();
        expect(codeOf(await asked)).toBe('FORBIDDEN');
      } finally {
        provider.createEnvelope = create;
      }
      const rows = await h.database.db.selectFrom('signing_envelopes').select(['envelope_id', 'voided_at']).where('application_id', '=', A).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0].voided_at).not.toBeNull();
      expect((await provider.status(rows[0].envelope_id))?.status).toBe('voided');
      expect((await signingStatus()).scoreboard).toBe('none');
    });
  });
});
