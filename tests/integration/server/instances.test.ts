/**
 * Several instances (issue 9 item 5): two apps, each with its own services and database pool, on one
 * PostgreSQL database and one S3-compatible store started here. A session made on one works on the other;
 * a file uploaded through one is confirmed and downloaded through the other; upload limits are counted
 * in the shared database, so the instances together hand out no more than the definitions allow.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../server/app';
import type { ServerServices } from '../../../server/context';
import { openPostgres, type DbHandle } from '../../../server/db';
import { servicesFor } from '../../../server/services';
import { makePdf } from '../../unit/files/sampleFiles';
import { definitions, openTestDatabase, silent, testConfig, useHarness } from './harness';
import { startS3, type TestS3 } from './s3Store';
import { scratchDir } from '../../scratch';

const SIGNED = `mutation($f: FileInput!){ getSignedUrl(file:$f, shouldUpload:false){ uuid signedUrl } }`;
const SAVE = `mutation($f: FileInput!){ saveFile(file:$f){ uuid signedUrl fileName mimeType } }`;
const BY_UUID = `mutation($u: ID!){ getFileByUUID(uuid:$u){ uuid signedUrl } }`;
const FINANCIALS = 'scoreboard.businessDetails.financeDetails.fileUrls';
const SECRET = 'shared-secret-of-both-instances-0123456789';
const EMAIL = 'primary.businessdetails.au@demo.example';

type Answer = { data?: Record<string, { uuid: string; signedUrl: string } | null>; errors?: { extensions?: Record<string, unknown> }[] };

/** One instance: its own services, pool and data directory, the shared database and store. */
interface Instance {
  app: App;
  services: ServerServices;
  database: DbHandle;
  gql(query: string, variables: Record<string, unknown>, cookie?: string): Promise<{ headers: Headers; body: Answer }>;
  close(): Promise<void>;
}

/** An instance over the test database: its handle (closed by the harness), or without one a pool of its own on `databaseUrl`. */
async function instance(s3: TestS3, databaseUrl: string, shared?: DbHandle): Promise<Instance> {
  const database = shared ?? (await openPostgres(databaseUrl, 4));
  const dataDir = scratchDir('ff-instance');
  const config = testConfig(dataDir, { databaseUrl, secret: SECRET, fileStorage: 's3', s3: s3.settings });
  const services = servicesFor(config, database, definitions(), silent);
  const app = await createApp(services, { serveStatic: false });
  return {
    app,
    services,
    database,
    async gql(query, variables, cookie) {
      const headers: Record<string, string> = { 'content-type': 'application/json', host: 'au.localhost', ...(cookie ? { cookie } : {}) };
      const res = await app.fetch('http://au.localhost/graphql', { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
      return { headers: res.headers, body: (await res.json()) as Answer };
    },
    async close() {
      if (!shared) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const url = process.env.TEST_DATABASE_URL;
if (!url) console.log('[instances] TEST_DATABASE_URL not set: the two-instance test needs PostgreSQL and is skipped.');

describe.skipIf(!url)('two instances on one PostgreSQL and one object store', () => {
  const shared = useHarness(() => openTestDatabase('postgres'));
  let s3: TestS3;
  let a: Instance;
  let b: Instance;
  let cookie: string;
  let appId: string;
  beforeAll(async () => {
    s3 = await startS3();
    a = await instance(s3, shared.url as string, shared.database);
    b = await instance(s3, shared.url as string);
    const login = await a.gql(`mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success } }`, { e: EMAIL, p: 'Fleetform-Demo-1' });
    cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
    const user = await a.database.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
    appId = (await a.database.db.selectFrom('applications').select('id').where('primary_user_id', '=', user.id).executeTakeFirstOrThrow()).id;
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await s3?.close();
  });

  it('a session made on one answers on the other', async () => {
    expect(cookie).toMatch(/=/);
    const me = await b.gql('query { user { email } }', {}, cookie);
    expect(me.body.data?.user).toMatchObject({ email: EMAIL });
  });

  it('uploads through one and downloads through the other', async () => {
    const pdf = await makePdf({ text: 'two instances' });
    const slot = await a.gql(SIGNED, { f: { fileName: 'statement.pdf', mimeType: 'application/pdf', applicationId: appId, slot: FINANCIALS } }, cookie);
    const upload = slot.body.data?.getSignedUrl;
    expect(upload?.signedUrl.startsWith(s3.settings.endpoint as string)).toBe(true);
    expect((await fetch(upload!.signedUrl, { method: 'PUT', headers: { 'content-type': 'application/pdf' }, body: pdf as Uint8Array<ArrayBuffer> })).status).toBe(200);
    // B confirms (inspects the quarantine copy and stores it); A hands out the download.
    const saved = await b.gql(SAVE, { f: { fileName: 'statement.pdf', mimeType: 'application/pdf', uuid: upload!.uuid } }, cookie);
    expect(saved.body.errors).toBeUndefined();
    const got = await a.gql(BY_UUID, { u: upload!.uuid }, cookie);
    const res = await fetch(got.body.data!.getFileByUUID!.signedUrl);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
  });

  it('counts upload limits in the shared database: both instances together hand out a slot of 10 no more than 10 times', async () => {
    const held = (await a.database.db.selectFrom('files').select('id').where('application_id', '=', appId).where('slot', '=', FINANCIALS).execute()).length;
    const ask = (i: Instance) => i.gql(SIGNED, { f: { fileName: 's.pdf', mimeType: 'application/pdf', applicationId: appId, slot: FINANCIALS } }, cookie);
    const answers = await Promise.all(Array.from({ length: 14 }, (_, n) => ask(n % 2 ? a : b)));
    const codes = answers.map((r) => (r.body.errors ? r.body.errors[0].extensions?.code : 'ok'));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(10 - held);
    expect(codes.filter((c) => c === 'FILE_LIMIT')).toHaveLength(14 - (10 - held));
  });

  it('a rate limit counted on one instance is seen by the other', async () => {
    // Failed sign-ins for one e-mail from one client (both in-process), spread over both instances.
    const rules = a.services.limitRules(a.services.brands.byId('acme-au')!);
    const perPair = rules.signInFailure.find((r) => r.per === 'clientEmail')!.limit;
    const attempt = (on: Instance, password: string) =>
      on.gql(`mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success code } }`, { e: 'primary.finished.au@demo.example', p: password });
    for (let i = 0; i < perPair; i++) expect((await attempt(i % 2 ? b : a, `Wrong-${i}`)).body.data?.login).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect((await attempt(b, 'Fleetform-Demo-1')).body.data?.login).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await attempt(a, 'Fleetform-Demo-1')).body.data?.login).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  }, 60_000);
});
