/**
 * Hardening III, items 6 and 8 (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * - sign-in failures are counted before the password is checked, so N parallel tries count N: of many parallel
 *   wrong passwords from one address only the limit's number are checked, the rest are refused, and then the right
 *   password too (per (client, e-mail) and per client); a success gives its count back;
 * - 'Create an online account' answers a known e-mail (of this brand or another) exactly as an unknown one; the
 *   owner of the known one gets an e-mail saying they already have an account, and no second account is made.
 * The client is set per request through X-Forwarded-For (the test server trusts one proxy); the limits are read from
 * the definitions' settings, not copied here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../server/auth';
import { createRateLimiter, type LimitAction, type LimitScope, type LimitSettings } from '../../../server/limits';
import { enquiry } from './enquiryFixture';
import { DATABASES, startServer, useHarness, type Reply } from './harness';

const PASSWORD = 'Owner-Secret-42';
const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success code error retryAfterSeconds } }`;
const ACCOUNT = 'mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status message results { leadId vehicleApplicationId opportunityId } } }';
/** Accounts this suite makes: one of the AU brand, one of the NZ brand (both with the password above). */
const OWNER_AU = 'owner.au@fixture.test';
const OWNER_NZ = 'owner.nz@fixture.test';

type Login = { success: boolean; code: string | null; error: string | null; retryAfterSeconds: number | null };

describe.each(DATABASES)('limits under concurrency and no enumeration on %s', (kind) => {
  const s = useHarness(() => startServer(kind, { config: { trustProxy: 1 } }));
  let rules: LimitSettings;
  let clientNo = 0;
  /** A fresh client address (one per scenario, so scenarios do not share counters). */
  const newClient = () => `203.0.113.${++clientNo}`;
  const limitOf = (action: LimitAction, per: LimitScope) => rules[action].find((r) => r.per === per)!.limit;
  const as = (client: string) => ({ headers: { 'x-forwarded-for': client } });
  const login = async (client: string, email: string, password: string) => (await s.gql(LOGIN, { e: email, p: password }, as(client))).body.data?.login as Login;
  const codes = (answers: Login[]) => answers.reduce<Record<string, number>>((n, a) => ({ ...n, [String(a.code)]: (n[String(a.code)] ?? 0) + 1 }), {});

  beforeAll(async () => {
    rules = s.services.limitRules(s.services.brands.byId('acme-au')!);
    const password_hash = await hashPassword(PASSWORD);
    await s.database.db
      .insertInto('users')
      .values([
        { email: OWNER_AU, first_name: 'Olive', last_name: 'Owner', brand_id: 'acme-au', region: 'AU', password_hash },
        { email: OWNER_NZ, first_name: 'Nikau', last_name: 'Owner', brand_id: 'kiwi-nz', region: 'NZ', password_hash },
      ])
      .execute();
  }, 60_000);

  it('takes a hit only while there is room, and gives it back to the window it was counted in', async () => {
    let now = Math.floor(1_700_000_000_000 / 60_000) * 60_000 + 50_000; // 50 s into a minute window
    const limiter = createRateLimiter(s.database.db, () => now);
    const rule = [{ per: 'client' as const, limit: 2, windowSeconds: 60 }];
    const who = { client: 'mechanics' };
    const first = await limiter.take('t', rule, who);
    const second = await limiter.take('t', rule, who);
    expect([first.allowed, second.allowed]).toEqual([true, true]);
    // Parallel takes at the limit: each refused, none counted.
    const refused = await Promise.all([limiter.take('t', rule, who), limiter.take('t', rule, who), limiter.take('t', rule, who)]);
    expect(refused.map((t) => t.allowed)).toEqual([false, false, false]);
    expect((await limiter.check('t', rule, who)).allowed).toBe(false);
    // Given back (once, however often released): room for one more.
    await first.release();
    await first.release();
    const third = await limiter.take('t', rule, who);
    expect(third.allowed).toBe(true);
    expect((await limiter.take('t', rule, who)).allowed).toBe(false);
    // 5 s into the next window the two hits still count in full (2 x 55/60, rounded up): a take there is refused (and
    // moves the counter on to this window). One of the earlier hits given back leaves the previous window's count: a place.
    now += 15_000;
    expect((await limiter.take('t', rule, who)).allowed).toBe(false);
    await second.release();
    expect((await limiter.check('t', rule, who)).allowed).toBe(true);
  });

  describe('sign-in failures', () => {
    it('counts N parallel wrong passwords for one e-mail from one address as N: the limit are checked, the rest refused, then the right password too', async () => {
      const client = newClient();
      const perPair = limitOf('signInFailure', 'clientEmail');
      const tries = 60;
      expect(tries).toBeLessThanOrEqual(limitOf('signIn', 'client'));
      const answers = await Promise.all(Array.from({ length: tries }, (_, i) => login(client, OWNER_AU, `Wrong-Pass-${i}`)));
      expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: perPair, RATE_LIMITED: tries - perPair });
      expect(answers.find((a) => a.code === 'RATE_LIMITED')?.retryAfterSeconds).toBeGreaterThan(0);
      // Over the limit: refused before any check, even with the right password.
      expect(await login(client, OWNER_AU, PASSWORD)).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // The owner, from another address, is not locked out.
      expect((await login(newClient(), OWNER_AU, PASSWORD)).success).toBe(true);
    }, 60_000);

    it('counts N parallel wrong passwords over many e-mails from one address as N against the per-client limit', async () => {
      const client = newClient();
      const perClient = limitOf('signInFailure', 'client');
      const tries = 2 * perClient;
      const answers = await Promise.all(Array.from({ length: tries }, (_, i) => login(client, `nobody.${i}@fixture.test`, `Wrong-Pass-${i}`)));
      expect(codes(answers)).toEqual({ INVALID_CREDENTIALS: perClient, RATE_LIMITED: tries - perClient });
      expect((await login(client, OWNER_AU, PASSWORD)).code).toBe('RATE_LIMITED');
    }, 60_000);

    it('gives a success its count back: a client one failure short of its limit signs in again and again, and still has that failure left', async () => {
      const client = newClient();
      const perClient = limitOf('signInFailure', 'client');
      const failures = await Promise.all(Array.from({ length: perClient - 1 }, (_, i) => login(client, `someone.${i}@fixture.test`, `Wrong-Pass-${i}`)));
      expect(codes(failures)).toEqual({ INVALID_CREDENTIALS: perClient - 1 });
      // Each success is counted while its password is checked (the last place under the limit), then given back.
      for (let i = 0; i < 3; i++) expect((await login(client, OWNER_AU, PASSWORD)).success, `sign-in ${i + 1}`).toBe(true);
      expect((await login(client, 'one.more@fixture.test', 'Wrong-Pass')).code).toBe('INVALID_CREDENTIALS');
      expect((await login(client, 'one.more@fixture.test', 'Wrong-Pass')).code).toBe('RATE_LIMITED');
      expect((await login(client, OWNER_AU, PASSWORD)).code).toBe('RATE_LIMITED');
    }, 60_000);
  });

  describe("'Create an online account' for a known e-mail", () => {
    const ask = (email: string) => s.gql(ACCOUNT, { e: enquiry(email) }, as(newClient()));
    /** What a client can see of an answer: status, content type and length, the body with the lead's id as its form. */
    const seen = async (reply: Reply) => {
      const body = JSON.parse(JSON.stringify(reply.body)) as { data: { saveCalculatorOnlineAccount: { results: { leadId: string } } } };
      const results = body.data.saveCalculatorOnlineAccount.results;
      results.leadId = /^[0-9a-f-]{36}$/.test(results.leadId) ? 'uuid' : results.leadId;
      return { status: reply.status, type: reply.headers.get('content-type'), length: JSON.stringify(reply.body).length, body };
    };
    const mails = (email: string) => s.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
    const accounts = (email: string) => s.database.db.selectFrom('users').select(['id']).where('email', '=', email).execute();
    const applicationsOf = async (email: string) =>
      s.database.db.selectFrom('applications').innerJoin('users', 'users.id', 'applications.primary_user_id').select('applications.id').where('users.email', '=', email).execute();

    it('answers a known e-mail of this brand or another exactly as an unknown one: the register branch (success, no message)', async () => {
      const fresh = 'first.time@fixture.test';
      const unknown = await ask(fresh);
      expect(unknown.body).toEqual({ data: { saveCalculatorOnlineAccount: { status: 'success', message: null, results: { leadId: expect.any(String), vehicleApplicationId: null, opportunityId: null } } } });
      const sameBrand = await ask(OWNER_AU);
      const otherBrand = await ask(OWNER_NZ);
      // Spec 002 s4: 'success' without a message is the thank-you page with the account-created text, for all three.
      expect(await seen(sameBrand)).toEqual(await seen(unknown));
      expect(await seen(otherBrand)).toEqual(await seen(unknown));
      // The new address has its account, application and set-password e-mail.
      expect(await accounts(fresh)).toHaveLength(1);
      expect(await applicationsOf(fresh)).toHaveLength(1);
      expect((await mails(fresh)).map((m) => m.template)).toEqual(['passwordReset']);
    });

    it("e-mails the known account's owner, in their own brand, that they already have an account, and makes no second account", async () => {
      for (const [email, brandId] of [[OWNER_AU, 'acme-au'], [OWNER_NZ, 'kiwi-nz']] as const) {
        const before = { mails: (await mails(email)).length, applications: (await applicationsOf(email)).length };
        const resets = await s.database.db.selectFrom('password_resets').innerJoin('users', 'users.id', 'password_resets.user_id').select('token_hash').where('users.email', '=', email).execute();
        const reply = await ask(email);
        expect(reply.body.errors, email).toBeUndefined();
        expect(await accounts(email)).toHaveLength(1);
        expect(await applicationsOf(email)).toHaveLength(before.applications);
        const sent = (await mails(email)).slice(before.mails);
        expect(sent.map((m) => m.template), email).toEqual(['existingAccount']);
        const brand = s.services.brands.byId(brandId)!;
        const vars = { firstName: email === OWNER_AU ? 'Olive' : 'Nikau', loginLink: `${brand.publicOrigin}/login`, resetLink: `${brand.publicOrigin}/login?showLogin=false` };
        expect(sent[0]).toMatchObject({
          brand_id: brandId,
          subject: s.services.definitions.message('auth.existingAccount.emailSubject', brand.selection, vars),
          body_text: s.services.definitions.message('auth.existingAccount.emailBody', brand.selection, vars),
        });
        expect(sent[0].body_text).toContain(vars.loginLink);
        expect(sent[0].body_text).toContain(vars.resetLink);
        // No set-password token is made for an account that did not ask for one.
        const after = await s.database.db.selectFrom('password_resets').innerJoin('users', 'users.id', 'password_resets.user_id').select('token_hash').where('users.email', '=', email).execute();
        expect(after).toEqual(resets);
        // The enquiry still reaches a lease specialist, naming the account.
        const lead = await s.database.db.selectFrom('leads').selectAll().where('id', '=', (reply.body.data?.saveCalculatorOnlineAccount as { results: { leadId: string } }).results.leadId).executeTakeFirstOrThrow();
        expect(lead).toMatchObject({ email, user_id: (await accounts(email))[0].id, application_id: null });
      }
    });

    it('answers two registrations of one new e-mail at once alike, with one account and one application', async () => {
      const email = 'at.once@fixture.test';
      const [a, b] = await Promise.all([ask(email), ask(email)]);
      expect(await seen(a)).toEqual(await seen(b));
      expect(await accounts(email)).toHaveLength(1);
      expect(await applicationsOf(email)).toHaveLength(1);
      expect((await mails(email)).map((m) => m.template).sort()).toEqual(['existingAccount', 'passwordReset']);
    });
  });
});
