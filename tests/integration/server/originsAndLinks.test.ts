/**
 * Hardening I, items 1-3: CORS granted only to configured origins and Origin checked on every method;
 * a session valid only on the brand it was made on; every absolute URL built on the brand's configured
 * public origin, never on the request's Host (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { brandRegistry } from '../../../server/brands';
import { enquiry } from './enquiryFixture';
import { DATABASES, definitions, startServer, useHarness, type TestServer } from './harness';

const AU_USER = 'primary.orderverification.au@demo.example';
const READ_APPLICATION = '{ getVehicleApplication { applicationId scoreboard { status } } }';
const get = (s: TestServer, query: string, headers: Record<string, string>, host?: string) =>
  s.request(`/graphql?query=${encodeURIComponent(query)}`, { method: 'GET', headers: { accept: 'application/json', ...headers }, host });

describe.each(DATABASES)('cross-origin requests on %s', (kind) => {
  const s = useHarness(() => startServer(kind));
  const granted = useHarness(() => startServer(kind, { config: { corsOrigins: ['https://partner.example'] } }));
  let cookie: string;
  beforeAll(async () => {
    cookie = await s.login(AU_USER);
  });

  it('refuses a signed-in GET query from another origin, with no CORS grant', async () => {
    const r = await get(s, READ_APPLICATION, { cookie, origin: 'https://evil.example' });
    expect(r.status).toBe(403);
    expect(await r.text()).not.toContain('orderVerification');
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('refuses a cross-site GET without an Origin (Sec-Fetch-Site) and a POST from another origin', async () => {
    expect((await get(s, READ_APPLICATION, { cookie, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    const post = await s.gql(READ_APPLICATION, {}, { cookie, headers: { origin: 'https://evil.example' } });
    expect(post.status).toBe(403);
    expect(post.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grants no preflight to any origin by default', async () => {
    const r = await s.request('/graphql', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    expect(r.headers.get('access-control-allow-credentials')).toBeNull();
    expect(r.headers.get('access-control-allow-headers')).toBeNull();
  });

  it('answers a same-origin GET query', async () => {
    const r = await get(s, READ_APPLICATION, { cookie, origin: 'http://au.localhost', 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { data: { getVehicleApplication: { scoreboard: { status: string } } } }).data.getVehicleApplication.scoreboard.status).toBe('orderVerification');
  });

  it('grants CORS with credentials to a configured origin only', async () => {
    const pre = await granted.request('/graphql', { method: 'OPTIONS', headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    expect(pre.headers.get('access-control-allow-credentials')).toBe('true');
    const ok = await granted.gql('{ __typename }', {}, { headers: { origin: 'https://partner.example', 'sec-fetch-site': 'cross-site' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const other = await granted.gql('{ __typename }', {}, { headers: { origin: 'https://evil.example' } });
    expect(other.status).toBe(403);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe.each(DATABASES)('sessions bound to their brand on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  it("an AU session is anonymous on the NZ brand's host, and signing out there leaves it alive", async () => {
    const cookie = await s.login(AU_USER);
    const onNz = await s.gql(`{ session { user { email } } }`, {}, { cookie, host: 'nz.localhost' });
    expect(onNz.body.data?.session).toBeNull();
    const user = await s.gql(`{ user { email } }`, {}, { cookie, host: 'nz.localhost' });
    expect(user.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const app = await s.gql(READ_APPLICATION, {}, { cookie, host: 'nz.localhost' });
    expect(app.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    await s.gql('mutation { logout { success } }', {}, { cookie, host: 'nz.localhost:8080' });
    const home = await s.gql(READ_APPLICATION, {}, { cookie, host: 'au.localhost' });
    expect((home.body.data?.getVehicleApplication as { scoreboard: { status: string } }).scoreboard.status).toBe('orderVerification');
  });
});

describe.each(DATABASES)('links from configuration on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  const auOrigin = () => s.services.brands.byId('acme-au')!.publicOrigin;
  const nzOrigin = () => s.services.brands.byId('kiwi-nz')!.publicOrigin;
  const lastMail = (to: string) => s.database.db.selectFrom('outbox').select(['body_text', 'data']).where('to_address', '=', to).orderBy('created_at', 'desc').executeTakeFirstOrThrow();

  it('gives each brand the demo default origin http://<first domain>:<PORT>', () => {
    expect(auOrigin()).toBe(`http://au.localhost:${s.config.port}`);
    expect(nzOrigin()).toBe(`http://nz.localhost:${s.config.port}`);
  });

  it("puts the user's own brand origin in reset e-mails, whatever the Host header says", async () => {
    await s.gql('mutation($e:String!){ requestPasswordReset(email:$e){ success } }', { e: 'primary.finished.au@demo.example' }, { host: 'evil.example' });
    const au = await lastMail('primary.finished.au@demo.example');
    expect(au.body_text).toContain(`${auOrigin()}/reset-password?hash=`);
    expect(au.body_text).not.toContain('evil.example');
    await s.gql('mutation($e:String!){ requestPasswordReset(email:$e){ success } }', { e: 'primary.sign-wet.nz@demo.example' }, { host: 'au.localhost' });
    expect((await lastMail('primary.sign-wet.nz@demo.example')).body_text).toContain(`${nzOrigin()}/reset-password?hash=`);
  });

  it("puts the brand's origin in a new online account's set-password e-mail, not the Host's", async () => {
    const email = 'host.header@fixture.test';
    const r = await s.gql('mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status } }', { e: enquiry(email) }, { host: 'evil.example' });
    expect(r.body.errors).toBeUndefined();
    const mail = await lastMail(email);
    expect(mail.body_text).toContain(`${auOrigin()}/reset-password?hash=`);
    expect(JSON.stringify(mail)).not.toContain('evil.example');
  });

  it("puts the brand's origin in the invitation of a reassigned quote", async () => {
    const cookie = await s.login(AU_USER);
    const u = { firstName: 'Iris', lastName: 'Invited', email: 'iris.invited@fixture.test', phone: '0411222333' };
    const r = await s.gql('mutation($u: UserInfoInput!) { reassignQuote(userInfo: $u) { status } }', { u }, { cookie, host: 'evil.example' });
    expect(r.body.errors).toBeUndefined();
    const mail = await lastMail('iris.invited@fixture.test');
    expect(mail.body_text).toContain(`${auOrigin()}/reset-password?hash=`);
    expect(JSON.stringify(mail)).not.toContain('evil.example');
  });

  it("signs file URLs on the brand's origin", async () => {
    const cookie = await s.login('primary.businessdetails.au@demo.example');
    const r = await s.gql('mutation($f: FileInput!) { getSignedUrl(file: $f) { signedUrl } }', { f: { fileName: 'a.pdf', mimeType: 'application/pdf', size: 10 } }, { cookie, host: 'evil.example' });
    expect(r.body.errors).toBeUndefined();
    expect((r.body.data?.getSignedUrl as { signedUrl: string }).signedUrl.startsWith(`${auOrigin()}/files/`)).toBe(true);
  });

  it("accepts an e-signature returnUrl only on the brand's own origin", async () => {
    const cookie = await s.login('primary.quote-created.au@demo.example');
    const ask = (url: string) => s.gql('mutation($u: String!) { getQuoteDocusign(returnUrl: $u) { url } }', { u: url }, { cookie, host: 'evil.example' });
    for (const bad of ['http://evil.example/applications/x/quotesign', 'javascript:alert(1)', `${auOrigin()}.evil.example/x`, 'not a url']) {
      expect((await ask(bad)).body.errors?.[0].extensions?.code, bad).toBe('INVALID_VALUE');
    }
    // On the brand's origin but another application's page: refused too (tests/integration/server/eSignature.test.ts signs).
    expect((await ask(`${auOrigin()}/applications/x/quotesign`)).body.errors?.[0].extensions?.code).toBe('INVALID_VALUE');
  });

  it("records the brand's own domain on a call request, never the client's", async () => {
    const payload = { firstName: 'Al', lastName: 'Caller', contactNumber: '0400000000', email: 'al.caller@fixture.test', message: 'hi', domain: 'evil.example' };
    const r = await s.gql('mutation($p: RequestCallbackInput!) { sendRequestCallback(payload: $p) { status } }', { p: payload }, { host: 'evil.example' });
    expect(r.body.errors).toBeUndefined();
    const lead = await s.database.db.selectFrom('leads').select('payload').where('email', '=', 'al.caller@fixture.test').executeTakeFirstOrThrow();
    expect((lead.payload as { domain: string }).domain).toBe('au.localhost');
  });

  it('takes a brand setting publicOrigin, and refuses a malformed one at start', () => {
    const defs = definitions().defs;
    const layer = defs.layerFiles['brands/acme-au.yaml'];
    const withOrigin = (publicOrigin: unknown) => ({ ...defs, layerFiles: { ...defs.layerFiles, 'brands/acme-au.yaml': { ...layer, settings: { ...layer.settings, publicOrigin } } } });
    expect(brandRegistry(withOrigin('https://portal.acme.example'), { port: 1, production: false }).byId('acme-au')!.publicOrigin).toBe('https://portal.acme.example');
    expect(brandRegistry(defs, { port: 1, production: true }).byId('acme-au')!.publicOrigin).toBe('https://au.localhost');
    for (const bad of ['portal.acme.example', 'https://portal.acme.example/path', 'ftp://portal.acme.example', 3]) {
      expect(() => brandRegistry(withOrigin(bad), { port: 1, production: false }), String(bad)).toThrow(/publicOrigin/);
    }
  });
});
