/**
 * Hardening I, item 5: rate limits per client address and per target e-mail, counted in the database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The client is set per request through
 * X-Forwarded-For (the test server trusts one proxy). Limits are read from the definitions' settings,
 * not copied here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createPasswordProvider } from '../../../server/auth';
import { clientAddress, createRateLimiter, IN_PROCESS_CLIENT, normaliseAddress, readLimitSettings, type LimitAction, type LimitScope, type LimitSettings } from '../../../server/limits';
import { enquiry } from './enquiryFixture';
import { DATABASES, startServer, useHarness } from './harness';

const PASSWORD = 'Fleetform-Demo-1';
const LOGIN = `mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success code error retryAfterSeconds } }`;
const RESET = 'mutation($e:String!){ requestPasswordReset(email:$e){ success message } }';
const CALLBACK = 'mutation($p: RequestCallbackInput!) { sendRequestCallback(payload: $p) { status } }';
const ACCOUNT = 'mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status } }';

type Login = { success: boolean; code: string | null; error: string | null; retryAfterSeconds: number | null };

describe.each(DATABASES)('rate limits on %s', (kind) => {
  const s = useHarness(() => startServer(kind, { config: { trustProxy: 1 } }));
  let rules: LimitSettings;
  let clientNo = 0;
  /** A fresh client address (one per scenario, so scenarios do not share counters). */
  const newClient = () => `198.51.100.${++clientNo}`;
  const limitOf = (action: LimitAction, per: LimitScope) => rules[action].find((r) => r.per === per)!.limit;
  const as = (client: string) => ({ headers: { 'x-forwarded-for': client } });
  const login = async (client: string, email: string, password: string) =>
    (await s.gql(LOGIN, { e: email, p: password }, as(client))).body.data?.login as Login;

  beforeAll(async () => {
    rules = s.services.limitRules(s.services.brands.byId('acme-au')!);
  }, 60_000);

  it('lets a scripted suite sign in about 30 times a minute from one address', async () => {
    const client = newClient();
    for (let i = 0; i < 30; i++) expect((await login(client, 'primary.finished.au@demo.example', PASSWORD)).success, `sign-in ${i + 1}`).toBe(true);
  }, 60_000);

  it('counts failures per client over many accounts, known or unknown, with the same answers for both', async () => {
    const client = newClient();
    const limit = limitOf('signInFailure', 'client');
    const answers: Login[] = [];
    for (let i = 0; i < limit; i++) {
      const email = i % 2 ? `nobody.${i % 10}@demo.example` : ['primary.approvals.au', 'primary.finished.au', 'primary.sign-wet.au', 'primary.credit-refer.au', 'primary.credit-declined.au'][(i / 2) % 5] + '@demo.example';
      answers.push(await login(client, email, `Wrong-Pass-${i}`));
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });
    // Over the limit: refused before any check, for a known and an unknown e-mail alike, right password or not.
    const known = await login(client, 'primary.approvals.au@demo.example', PASSWORD);
    const unknown = await login(client, 'nobody.else@demo.example', PASSWORD);
    expect(known).toMatchObject({ success: false, code: 'RATE_LIMITED', error: s.services.definitions.message('auth.login.throttled', { brand: 'acme-au', region: 'au' }) });
    expect(known.retryAfterSeconds).toBeGreaterThan(0);
    // The same answer; the wait is read from the clock at each answer, so a second may tick between the two.
    expect({ ...unknown, retryAfterSeconds: 0 }).toEqual({ ...known, retryAfterSeconds: 0 });
    expect(Math.abs(Number(unknown.retryAfterSeconds) - Number(known.retryAfterSeconds))).toBeLessThanOrEqual(1);
    // The owner, from another address, is not locked out.
    expect((await login(newClient(), 'primary.approvals.au@demo.example', PASSWORD)).success).toBe(true);
  }, 60_000);

  it('counts failures per (client, e-mail): one address cannot keep guessing one account, the owner elsewhere signs in', async () => {
    const client = newClient();
    const email = 'primary.sign-combined.au@demo.example';
    for (let i = 0; i < limitOf('signInFailure', 'clientEmail'); i++) expect((await login(client, email, `Wrong-Pass-${i}`)).code).toBe('INVALID_CREDENTIALS');
    expect((await login(client, email, PASSWORD)).code).toBe('RATE_LIMITED');
    // Other e-mails from that address still work (under the per-client limit), and the owner from home.
    expect((await login(client, 'primary.finished.au@demo.example', PASSWORD)).success).toBe(true);
    expect((await login(newClient(), email, PASSWORD)).success).toBe(true);
  }, 30_000);

  it('runs the password verification for known and unknown e-mails alike', async () => {
    const calls: (string | null)[] = [];
    const provider = createPasswordProvider({
      db: s.database.db, email: s.services.email, definitions: s.services.definitions, brands: s.services.brands,
      verify: async (stored, password) => {
        calls.push(stored);
        return password === 'never';
      },
    });
    expect(await provider.signIn({ email: 'primary.approvals.au@demo.example', password: 'Wrong-1' })).toEqual({ status: 'invalid' });
    expect(await provider.signIn({ email: 'nobody@demo.example', password: 'Wrong-1' })).toEqual({ status: 'invalid' });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatch(/^\$argon2id\$/);
    expect(calls[1]).toBeNull();
  });

  it('limits reset e-mails per target address, the same for unknown addresses, with a code and catalogue text', async () => {
    for (const email of ['primary.reviewandsigncontract.au@demo.example', 'nobody.reset@demo.example']) {
      const perEmail = limitOf('passwordReset', 'email');
      for (let i = 0; i < perEmail; i++) expect((await s.gql(RESET, { e: email }, as(newClient()))).body.data?.requestPasswordReset, `${email} ${i}`).toMatchObject({ success: true });
      const refused = await s.gql(RESET, { e: email }, as(newClient()));
      expect(refused.body.errors?.[0]).toMatchObject({ message: s.services.definitions.message('api.error.RATE_LIMITED', { brand: 'acme-au', region: 'au' }), extensions: { code: 'RATE_LIMITED' } });
      expect(refused.body.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    }
    const sent = await s.database.db.selectFrom('outbox').select('id').where('to_address', '=', 'primary.reviewandsigncontract.au@demo.example').execute();
    expect(sent).toHaveLength(limitOf('passwordReset', 'email'));
  });

  it('refuses a flood of public call requests and leads from one address; another address is served', async () => {
    const client = newClient();
    const limit = limitOf('publicLead', 'client');
    const call = (from: string, i: number) => s.gql(CALLBACK, { p: { firstName: 'Al', lastName: 'Caller', contactNumber: '0400000000', email: `flood.${i}@fixture.test`, message: 'hi' } }, as(from));
    for (let i = 0; i < limit; i++) expect((await call(client, i)).body.errors, `call ${i + 1}`).toBeUndefined();
    expect((await call(client, limit)).body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    const lead = await s.gql('mutation($e: CalcLeadDiallerInput!) { saveCalculatorLeadDialler(calcLeadDialler: $e) { success } }', { e: enquiry('flood.lead@fixture.test', 'call') }, as(client));
    expect(lead.body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await call(newClient(), 999)).body.errors).toBeUndefined();
    const stored = await s.database.db.selectFrom('leads').select('id').where('email', 'like', 'flood.%').execute();
    expect(stored).toHaveLength(limit + 1);
  });

  it('limits online accounts per client address: no flood of accounts and e-mails', async () => {
    const client = newClient();
    const limit = limitOf('onlineAccount', 'client');
    // The lead limit per client is counted too: spread the requests over its window by resetting only the lead counter.
    for (let i = 0; i < limit; i++) {
      const r = await s.gql(ACCOUNT, { e: enquiry(`account.${i}@fixture.test`) }, as(client));
      expect(r.body.errors, `account ${i + 1}`).toBeUndefined();
      if ((i + 1) % limitOf('publicLead', 'client') === 0) await s.services.limits.clear('publicLead', rules.publicLead, { client }, 'client');
    }
    expect((await s.gql(ACCOUNT, { e: enquiry(`account.${limit}@fixture.test`) }, as(client))).body.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(await s.database.db.selectFrom('users').select('id').where('email', '=', `account.${limit}@fixture.test`).executeTakeFirst()).toBeUndefined();
  });

  it('shares counters between two instances over one database', async () => {
    const second = await createApp(s.services, { serveStatic: false });
    const client = newClient();
    const email = 'primary.credit-waiting.au@demo.example';
    const perPair = limitOf('signInFailure', 'clientEmail');
    const on = (app: typeof second, i: number) =>
      app.fetch('http://au.localhost/graphql', { method: 'POST', headers: { host: 'au.localhost', 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify({ query: LOGIN, variables: { e: email, p: `Wrong-${i}` } }) });
    for (let i = 0; i < perPair; i++) await on(i % 2 ? second : s.app, i);
    const answer = (await (await on(second, perPair)).json()) as { data: { login: Login } };
    expect(answer.data.login.code).toBe('RATE_LIMITED');
  });
});

describe('rate limiter mechanics', () => {
  it('slides: the previous window counts by how much of it still overlaps', async () => {
    const { startServer: start } = await import('./harness');
    const s = await start('pglite');
    let now = 1_000_000_000_000;
    const limiter = createRateLimiter(s.database.db, () => now);
    const rule = [{ per: 'client' as const, limit: 4, windowSeconds: 60 }];
    try {
      now = Math.floor(now / 60_000) * 60_000 + 30_000; // middle of a window
      for (let i = 0; i < 4; i++) expect((await limiter.hit('t', rule, { client: 'a' })).allowed).toBe(true);
      expect(await limiter.hit('t', rule, { client: 'a' })).toMatchObject({ allowed: false, retryAfterSeconds: 30 });
      expect((await limiter.check('t', rule, { client: 'b' })).allowed).toBe(true);
      // Just past the window's end the 5 hits (4 counted, 1 refused) count in full: part of a hit is a hit.
      const next = Math.floor(now / 60_000) * 60_000 + 60_000;
      now = next + 1;
      expect((await limiter.check('t', rule, { client: 'a' })).allowed).toBe(false);
      // 45 s into that window: 5 hits x (1 - 45/60) = 1.25 count as 2, so two more fit and a third does not.
      now = next + 45_000;
      expect((await limiter.hit('t', rule, { client: 'a' })).allowed).toBe(true);
      expect((await limiter.hit('t', rule, { client: 'a' })).allowed).toBe(true);
      expect((await limiter.hit('t', rule, { client: 'a' })).allowed).toBe(false);
      now += 60_000 * 2; // two windows on: forgotten
      expect((await limiter.check('t', rule, { client: 'a' })).allowed).toBe(true);
      expect((await limiter.hit('t', rule, { client: 'a' })).allowed).toBe(true);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(normaliseAddress('2001:db8:1:2:aaaa::1')).toBe(normaliseAddress('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(normaliseAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(normaliseAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(normaliseAddress('203.0.113.9')).toBe('203.0.113.9');
  });

  it("takes the socket's peer unless proxies are trusted, and then only the entry the nearest proxy added", () => {
    const request = new Request('http://au.localhost/graphql', { headers: { 'x-forwarded-for': '203.0.113.1, 198.51.100.7' } });
    const server = { req: { socket: { remoteAddress: '::ffff:127.0.0.1' } } };
    expect(clientAddress(request, server, 0)).toBe('127.0.0.1');
    expect(clientAddress(request, server, 1)).toBe('198.51.100.7');
    expect(clientAddress(request, server, 2)).toBe('203.0.113.1');
    expect(clientAddress(new Request('http://au.localhost/', { headers: { 'x-forwarded-for': 'not-an-address' } }), server, 1)).toBe('127.0.0.1');
    expect(clientAddress(request, {}, 0)).toBe(IN_PROCESS_CLIENT);
  });

  it('refuses malformed or missing rules instead of switching a limit off', () => {
    const good = { per: 'client', limit: 5, windowSeconds: 60 };
    const all = { signIn: [good], signInFailure: [good], passwordReset: [good], invitation: [good], onlineAccount: [good], publicLead: [good], addressLookup: [good], fileInspection: [good], leaseDocumentEmail: [good] };
    expect(readLimitSettings({ rateLimits: all }, 'x').signIn).toEqual([good]);
    expect(() => readLimitSettings({}, 'x')).toThrow(/rateLimits is missing/);
    expect(() => readLimitSettings({ rateLimits: { ...all, publicLead: [] } }, 'x')).toThrow(/publicLead must list/);
    expect(() => readLimitSettings({ rateLimits: { ...all, signIn: [{ ...good, limit: 'three' }] } }, 'x')).toThrow(/signIn\[0\]\.limit/);
    expect(() => readLimitSettings({ rateLimits: { ...all, signIn: [{ ...good, per: 'account' }] } }, 'x')).toThrow(/per must be one of/);
  });
});
