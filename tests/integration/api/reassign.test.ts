/**
 * Reassignment end to end on the server (spec 000 s2 'Order verification', s4 'Reassignment', s5 the reassign
 * form's rules): only the current primary officer at orderVerification hands the application over; the details
 * pass the layered `reassign` schema; the invited officer gets an account (or their existing one) and an
 * invitation whose set-password link is single use and expires like a reset token; after setting a password
 * they sign in, land on the application and hold it as its (unconfirmed) primary applicant; the sender's next
 * request for it is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MS } from '../../../server/auth/passwordProvider';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, type Answer, type Harness } from './harness';
import { codeOf, row, serverSets } from './helpers';

const A = FIXTURE.apps.shared;
const REASSIGN = 'mutation($u: UserInfoInput!, $id: ID) { reassignQuote(userInfo: $u, applicationId: $id) { status message } }';
const READ = 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId roles scoreboard { status primaryApplicant { userId email confirmed } } } }';
const RESET = 'mutation($e: String!, $h: String!, $p: String!) { resetPassword(email: $e, hash: $h, password: $p, confirmPassword: $p) { success error } }';
const LOGIN = 'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { success redirectTo user { id } } }';
const PASSWORD = 'Invited-Officer-1';
const officer = { firstName: 'Olive', lastName: "O'Brien", email: 'Olive.Officer@fixture.test', phone: '0411222333' };

describe.each(DATABASES)('reassignment on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());
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

    // The invitation: its own template; the token expires as a reset token does.
    const link = await invitationLink(email);
    expect(link).toMatchObject({ email, template: 'invitation' });
    const token = await h.database.db.selectFrom('password_resets').select(['expires_at', 'used_at']).where('user_id', '=', account.id).executeTakeFirstOrThrow();
    expect(token.used_at).toBeNull();
    expect(Math.abs(new Date(token.expires_at).getTime() - (Date.now() + RESET_TOKEN_TTL_MS))).toBeLessThan(60_000);

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
});
