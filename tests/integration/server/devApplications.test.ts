/** `POST /dev/applications` (demo mode): a fresh application and login per call; refused (404) in production. */
import { describe, expect, it } from 'vitest';
import { DATABASES, startServer, useHarness, type TestServer } from './harness';

const post = (s: TestServer, body: unknown) =>
  s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe.each(DATABASES)('/dev/applications on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  it('creates a fresh application and login for a region, brand, role and status on each call', async () => {
    const answers = [];
    for (let i = 0; i < 2; i++) {
      const r = await post(s, { region: 'nz', role: 'primary', status: 'orderVerification' });
      expect(r.status).toBe(201);
      answers.push((await r.json()) as { email: string; password: string; applicationId: string; brand: string; region: string; host: string });
    }
    const [a, b] = answers;
    expect(a).toMatchObject({ brand: 'kiwi-nz', region: 'NZ', host: 'nz.localhost' });
    expect(a.email).not.toBe(b.email);
    expect(a.applicationId).not.toBe(b.applicationId);
    // The login works on its brand's host and lands on its own application in the status asked for.
    const cookie = await s.login(a.email, a.password, a.host);
    const app = await s.gql('{ getVehicleApplication { applicationId scoreboard { status } } }', {}, { cookie, host: a.host });
    expect(app.body.data?.getVehicleApplication).toMatchObject({ applicationId: a.applicationId, scoreboard: { status: 'orderVerification' } });
    const row = await s.database.db.selectFrom('applications').select(['brand_id', 'region', 'application_type']).where('id', '=', a.applicationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ brand_id: 'kiwi-nz', region: 'NZ', application_type: 'vehicle' });
  });

  it('takes a brand by id and a calculator role', async () => {
    const r = await post(s, { region: 'au', brand: 'introducer-au', role: 'calculator', status: 'viewShortlist' });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { brand: string; host: string; applicationId: string };
    expect(a).toMatchObject({ brand: 'introducer-au', host: 'introducer.localhost' });
    const row = await s.database.db.selectFrom('applications').select(['brand_id', 'application_type']).where('id', '=', a.applicationId).executeTakeFirstOrThrow();
    expect(row).toEqual({ brand_id: 'introducer-au', application_type: 'calculator' });
  });

  it('refuses an unknown region, a brand of another region, an unknown role or status, and GET', async () => {
    for (const body of [
      { region: 'xx', role: 'primary', status: 'orderVerification' },
      { region: 'au', brand: 'kiwi-nz', role: 'primary', status: 'orderVerification' },
      { region: 'au', role: 'owner', status: 'orderVerification' },
      { region: 'au', role: 'primary', status: 'nowhere' },
    ]) expect((await post(s, body)).status, JSON.stringify(body)).toBe(400);
    expect((await s.request('/dev/applications')).status).toBe(405);
  });

  it('refuses (400, naming the path) a set path or value through a prototype name; Object.prototype stays clean and GraphQL keeps working', async () => {
    const before = await s.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    for (const set of [
      { '__proto__.validMLADate': 'x' },
      { 'constructor.prototype.validMLADate': 'x' },
      { 'scoreboard.__proto__.validMLADate': 'x' },
      // JSON keeps "__proto__" as an own key of the parsed value.
      JSON.parse('{"scoreboard": {"__proto__": {"validMLADate": "x"}}}') as Record<string, unknown>,
    ]) {
      const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'au', role: 'primary', status: 'orderVerification', set }) });
      expect(r.status, JSON.stringify(set)).toBe(400);
      expect(((await r.json()) as { error: string }).error).toMatch(/is not a record path .*prototype/);
    }
    expect((({}) as Record<string, unknown>).validMLADate).toBeUndefined();
    const after = await s.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // Every user's GraphQL requests still work.
    const cookie = await s.login('primary.orderverification.au@demo.example');
    const app = await s.gql('{ getVehicleApplication { applicationId scoreboard { status } } }', {}, { cookie });
    expect(app.status).toBe(200);
    expect(app.body.errors).toBeUndefined();
    expect(app.body.data?.getVehicleApplication).toMatchObject({ scoreboard: { status: 'orderVerification' } });
  });
});

describe('/dev/applications in production', () => {
  const s = useHarness(() => startServer('pglite', { config: { production: true, demo: true } }));

  it('is not served (404), even with DEMO on', async () => {
    const count = async () => Number((await s.database.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const r = await post(s, { region: 'au', role: 'primary', status: 'orderVerification' });
    expect(r.status).toBe(404);
    expect(await count()).toBe(before);
  });
});
