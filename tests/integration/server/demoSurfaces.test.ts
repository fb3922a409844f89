/**
 * Demo surfaces are demo only (issue 29): one rule (`demoMode`, server/config.ts) decides every `/dev/` route,
 * the demo seed and the demo logins; a production configuration (NODE_ENV=production, DEMO=1 too) serves no
 * `/dev/` path, seeds reference data only on an empty database (no account with a known password) and warns of
 * demo logins an earlier demo start left. An operator creates the first account (`createAccount`, the
 * module behind `npm run account:create`): no password, a working single-use set-password link.
 * Each block runs on a harness (useHarness) but the command line's: its child process opens the database folder it
 * is handed (pgliteCopy) itself, and PGlite's directory lock allows one opener, so nothing here holds it open.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../server/app';
import { sessionCookieName } from '../../../server/auth';
import { AccountError, ACCOUNT_EMAIL, createAccount } from '../../../server/auth/createAccount';
import { demoMode, readConfig, type ServerConfig } from '../../../server/config';
import type { ServerServices } from '../../../server/context';
import { createLogger } from '../../../server/log';
import { DEMO_PASSWORD, demoLoginCount, seedAll, seedIfEmpty } from '../../../server/seed/index';
import { servicesFor } from '../../../server/services';
import { DATABASES, definitions, openTestDatabase, pgliteCopy, ROOT, silent, startServer, testConfig, useHarness } from './harness';
import { scratchDir } from '../../scratch';

const SECRET = 'test-secret-0123456789-0123456789';
/** The configuration `NODE_ENV=production DEMO=1` gives (as main.ts reads it), over `dataDir`. */
const productionConfig = (dataDir: string, overrides: Partial<ServerConfig> = {}): ServerConfig =>
  readConfig({ NODE_ENV: 'production', DEMO: '1', LOG_LEVEL: 'error' }, { dataDir, secret: SECRET, root: ROOT, ...overrides });
const RESET = 'mutation($e:String!,$h:String!,$p:String!,$c:String){ resetPassword(email:$e,hash:$h,password:$p,confirmPassword:$c){ success errors } }';

describe('the demo rule', () => {
  const dataDir = scratchDir('ff-demo-rule');
  const demoAt = (env: NodeJS.ProcessEnv) => demoMode(readConfig(env, { dataDir, secret: SECRET, root: ROOT }));

  it('is on with DEMO (default on) outside production, and off in production whatever DEMO says', () => {
    expect(demoAt({ NODE_ENV: 'development' })).toBe(true);
    expect(demoAt({ NODE_ENV: 'test', DEMO: '1' })).toBe(true);
    expect(demoAt({ NODE_ENV: 'development', DEMO: '0' })).toBe(false);
    expect(demoAt({ NODE_ENV: 'production' })).toBe(false);
    expect(demoAt({ NODE_ENV: 'production', DEMO: '1' })).toBe(false);
    expect(demoAt({ NODE_ENV: 'production', DEMO: 'true' })).toBe(false);
  });
});

describe.each(DATABASES)('demo surfaces on %s', (kind) => {
  const s = useHarness(() => startServer(kind));
  let production: App;
  beforeAll(async () => {
    // The production app over the same database (the demo app's sessions, envelopes and outbox are there).
    production = await createApp(servicesFor(productionConfig(s.config.dataDir), s.database, definitions(), silent), { serveStatic: false });
  }, 120_000);

  /** A request to `app` (in-process) on au.localhost. */
  const call = (app: App, path: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
    Promise.resolve(app.fetch(`http://au.localhost${path}`, {
      method: init.method ?? 'GET',
      headers: { host: 'au.localhost', ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.cookie ? { cookie: init.cookie } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    }));

  it('production (NODE_ENV=production, DEMO=1) answers every /dev/ route 404, as an unknown path, and changes nothing; demo mode serves them', async () => {
    const db = s.database.db;
    const cookie = await s.login('primary.finished.au@demo.example');
    const sessionId = cookie.split('=')[1];
    // The same session under each mode's cookie name, so a served control would have found it.
    const cookies = { demo: cookie, production: `${sessionCookieName(true)}=${sessionId}` };
    await s.gql('mutation($e:String!){ requestPasswordReset(email:$e){ success } }', { e: 'primary.finished.au@demo.example' });
    const envelope = await s.services.eSignature.createEnvelope({
      documents: [{ name: 'Quote.pdf', bytes: new Uint8Array([37, 80, 68, 70]) }],
      recipients: [{ name: 'Pat Signer', email: 'pat@example.com', role: 'signer' }],
      returnUrl: 'https://au.example/applications/x/quotesign',
    });
    const journey = await s.services.idScan.startJourney({ subject: 'x:primaryApplicant', email: 'pat@example.com', returnUrl: 'https://au.example/applications/x/approvals' });
    // Each demo control and what demo mode answers it.
    const probes = (mode: 'demo' | 'production') => [
      { path: '/dev/mailbox', demo: 200 },
      { path: '/dev/mailbox.json', demo: 200 },
      { path: '/dev/mailbox.json?to=primary.finished.au@demo.example', demo: 200 },
      { path: '/dev/applications', method: 'POST', body: { region: 'au', role: 'primary', status: 'orderVerification' }, demo: 201 },
      { path: '/dev/session-idle', method: 'POST', body: { idleSeconds: 60 }, cookie: cookies[mode], demo: 200 },
      { path: `/dev/esign/${envelope.envelopeId}`, demo: 200 },
      { path: `/dev/esign/${envelope.envelopeId}`, method: 'POST', body: { status: 'expired' }, demo: 200 },
      { path: `/dev/esign/${envelope.envelopeId}`, method: 'POST', body: { email: 'pat@example.com', action: 'sign' }, demo: 200 },
      { path: '/dev/idscan', demo: 200 },
      { path: '/dev/idscan', method: 'POST', body: { outcome: 'failed', email: 'pat@example.com' }, demo: 200 },
      { path: `/dev/idscan/${journey.journeyId}`, demo: 200 },
    ];
    const count = async (table: 'users' | 'applications') => Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = { users: await count('users'), applications: await count('applications') };
    const unknown = await call(production, '/not-a-route/x');
    expect(unknown.status).toBe(404);
    for (const probe of [...probes('production'), { path: '/dev/anything' }, { path: '/dev' }, { path: '/dev/', method: 'POST', body: {} }]) {
      const r = await call(production, probe.path, probe);
      expect(r.status, `${probe.method ?? 'GET'} ${probe.path}`).toBe(404);
      expect(r.headers.get('content-type'), probe.path).toBe(unknown.headers.get('content-type'));
      const text = await r.text();
      expect(text, probe.path).not.toMatch(/reset-password|signingUrl|captureUrl|Fleetform-Demo-1/);
    }
    // Nothing changed: no login made, no session's idle time, the envelope as it was.
    expect({ users: await count('users'), applications: await count('applications') }).toEqual(before);
    expect((await db.selectFrom('sessions').select('idle_seconds').where('user_id', '=', (await db.selectFrom('users').select('id').where('email', '=', 'primary.finished.au@demo.example').executeTakeFirstOrThrow()).id).execute()).every((r) => r.idle_seconds === null)).toBe(true);
    expect((await s.services.eSignature.status(envelope.envelopeId))?.status).toBe('sent');
    expect(await db.selectFrom('idscan_sandbox_controls').selectAll().execute()).toEqual([]);
    // The demo app (DEMO on, NODE_ENV=test) serves each of them: the probes above would have found them.
    for (const probe of probes('demo')) expect((await call(s.app, probe.path, probe)).status, `${probe.method ?? 'GET'} ${probe.path}`).toBe(probe.demo);
    expect((await call(s.app, '/dev/anything')).status).toBe(404);
  });

  it('createAccount: an account without a password, its set-password link queued and answered, working once', async () => {
    const db = s.database.db;
    const account = await createAccount(s.services, { email: ' Ops.Lead@Example.com ', brand: 'nz.localhost', firstName: 'Ops', lastName: 'Lead' });
    expect(account).toMatchObject({ email: 'ops.lead@example.com', brandId: 'kiwi-nz' });
    const user = await db.selectFrom('users').selectAll().where('id', '=', account.userId).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: 'ops.lead@example.com', first_name: 'Ops', last_name: 'Lead', brand_id: 'kiwi-nz', region: 'NZ', password_hash: null });
    // No password signs in (not even the demo one).
    expect((await s.services.identity.signIn({ email: account.email, password: DEMO_PASSWORD })).status).toBe('invalid');
    expect((await s.services.identity.signIn({ email: account.email, password: '' })).status).toBe('invalid');
    // The link goes to the brand's own public origin; the same link is in the queued e-mail.
    const origin = s.services.brands.byId('kiwi-nz')!.publicOrigin;
    const link = new RegExp(`^${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/reset-password\\?hash=([A-Za-z0-9_-]{43})&email=(\\S+)$`).exec(account.link);
    expect(link, account.link).not.toBeNull();
    const mail = await db.selectFrom('outbox').selectAll().where('to_address', '=', account.email).executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: ACCOUNT_EMAIL.template, brand_id: 'kiwi-nz', subject: definitions().message(ACCOUNT_EMAIL.subject, { brand: 'kiwi-nz', region: 'nz' }) });
    expect(mail.body_text).toContain(account.link);
    expect(mail.body_text).toContain('Hello Ops');
    // The owner sets a password with it (once) and signs in on their brand's host.
    const [, hash, email] = link!;
    const set = await s.gql(RESET, { e: decodeURIComponent(email), h: hash, p: 'Operator-Secret-42', c: 'Operator-Secret-42' }, { host: 'nz.localhost' });
    expect(set.body.data?.resetPassword).toEqual({ success: true, errors: [] });
    await expect(s.login(account.email, 'Operator-Secret-42', 'nz.localhost')).resolves.toMatch(/^ff_session=/);
    expect((await s.gql(RESET, { e: account.email, h: hash, p: 'Other-Secret-43', c: 'Other-Secret-43' }, { host: 'nz.localhost' })).body.data?.resetPassword).toMatchObject({ success: false });
  });

  it('createAccount refuses an e-mail with an account, an unknown brand, a malformed e-mail or a missing name, making nothing', async () => {
    const users = async () => Number((await s.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await users();
    const base = { email: 'second.ops@example.com', brand: 'acme-au', firstName: 'Second', lastName: 'Ops' };
    await expect(createAccount(s.services, { ...base, email: 'primary.finished.au@demo.example' })).rejects.toThrow(/has an account already/);
    await expect(createAccount(s.services, { ...base, brand: 'nowhere.example' })).rejects.toThrow(/no brand 'nowhere.example'/);
    await expect(createAccount(s.services, { ...base, email: 'not an e-mail' })).rejects.toThrow(AccountError);
    await expect(createAccount(s.services, { ...base, lastName: ' ' })).rejects.toThrow(/first and last name/);
    expect(await users()).toBe(before);
  });
});

describe.each(DATABASES)('seeding at start on %s', (kind) => {
  // An empty (only migrated) database.
  const empty = useHarness(() => openTestDatabase(kind, 'migrated'));
  let prod: ServerServices;
  const warnings: string[] = [];
  beforeAll(() => {
    const log = createLogger('warn', {}, (line) => warnings.push((JSON.parse(line) as { msg: string }).msg));
    prod = servicesFor(productionConfig(empty.dir, { seedRatebookRows: 60 }), empty.database, definitions(), log);
  });

  const count = async (table: 'users' | 'applications' | 'industries' | 'sub_groups' | 'address_gazetteer' | 'businesses' | 'ratebook' | 'outbox') =>
    Number((await empty.database.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('production seeds the reference data only: no account, no application; a demo start then seeds the demo data; production warns of them', async () => {
    expect(await seedIfEmpty(prod)).toBe(true);
    expect({ users: await count('users'), applications: await count('applications'), outbox: await count('outbox') }).toEqual({ users: 0, applications: 0, outbox: 0 });
    for (const table of ['industries', 'sub_groups', 'address_gazetteer', 'businesses'] as const) expect(await count(table), table).toBeGreaterThan(0);
    expect(await count('ratebook')).toBe(60);
    // A second production start, and `npm run seed` in production, seed nothing more.
    expect(await seedIfEmpty(prod)).toBe(false);
    expect(await seedAll(prod, { ratebookRows: 60 })).toEqual({ users: 0, applications: 0, ratebook: 0 });
    expect(await count('users')).toBe(0);
    expect(warnings).toEqual([]);

    // The same database started in demo mode gets the demo accounts (the rule, not the database, decides).
    const demo = servicesFor(testConfig(empty.dir, { seedRatebookRows: 60 }), empty.database, definitions(), silent);
    expect(await seedIfEmpty(demo)).toBe(true);
    expect(await count('users')).toBeGreaterThan(40);
    expect(await count('applications')).toBeGreaterThan(30);
    expect((await demo.identity.signIn({ email: 'primary.orderverification.au@demo.example', password: DEMO_PASSWORD })).status).toBe('ok');

    // A production start on it seeds nothing and says that demo logins are there.
    const demoLogins = await count('users');
    expect(await demoLoginCount(prod)).toBe(demoLogins);
    expect(await seedIfEmpty(prod)).toBe(false);
    expect(warnings).toEqual(['demo logins with the published password are in this database (seeded in demo mode): remove them before serving the public']);
    expect(await count('users')).toBe(demoLogins);
  }, 120_000);
});

describe('npm run account:create', () => {
  const run = promisify(execFile);
  let dataDir: string;
  // A copy of the seeded test database as a folder (not an open harness: see the header); a fresh initdb in the child
  // would cost seconds. The command seeds nothing.
  beforeAll(async () => {
    dataDir = await pgliteCopy();
  }, 120_000);
  const cli = async (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', DATA_DIR: dataDir, APP_SECRET: SECRET, LOG_LEVEL: 'error' };
    try {
      const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(ROOT, 'server/accountCreate.ts'), ...args], { cwd: ROOT, env, timeout: 180_000 });
      return { code: 0, stdout, stderr };
    } catch (e) {
      const err = e as { code?: number; stdout?: string; stderr?: string };
      return { code: err.code ?? -1, stdout: err.stdout ?? '', stderr: err.stderr ?? '' };
    }
  };

  it('creates the account on the production database and prints its set-password link; refuses incomplete input (status 2)', async () => {
    const made = await cli(['--email', 'first.operator@example.com', '--brand', 'acme-au', '--first-name', 'First', '--last-name', 'Operator']);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^Account first\.operator@example\.com created \(brand acme-au\), without a password\./);
    // Production origin of the brand (https, no port) and a 256-bit token.
    expect(made.stdout).toMatch(/^https:\/\/au\.localhost\/reset-password\?hash=[A-Za-z0-9_-]{43}&email=first\.operator%40example\.com$/m);
    const incomplete = await cli(['--email', 'x@example.com']);
    expect(incomplete).toMatchObject({ code: 2, stderr: expect.stringContaining('usage: npm run account:create') });
  }, 300_000);
});
