/**
 * The public calculator's server side on a real database (PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set): rate-book search (filters, sorting, paging, exact counts against an independent model), make/model
 * list, shortlist limit and merge, business lookup, enquiries and call requests (refused bad input writes nothing).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { calculatorRules, searchPlan, tableCatalogue } from '../../../server/catalogue';
import { RECORD_SCHEMAS, assertValid } from '../../../server/enforce';
import { abnFor, nzbnFor } from '../../../server/seed/referenceData';
import { seedRatebook } from '../../../server/seed/ratebook';
import { DATABASES, definitions, startServer, useHarness, type TestServer } from '../server/harness';
import { expectedMatches, prng, randomFilters, type Filters, type Row } from './expected';

const SEARCH = `query($f: RatebookSearchFilters!) { fetchRatebook(searchFilters: $f) { totalCount results { totalCount resultCount rows { id catalogVehicleId vehicleMake vehicleModel duration distance weekLeaseprice } } } }`;
const ROWS = 4000;

interface Page { totalCount: number; results: { totalCount: number; resultCount: number; rows: { id: string }[] } }

describe.each(DATABASES)('calculator API on %s', (kind) => {
  const s = useHarness(() => startServer(kind));
  let rows: Row[];
  const rank = new Map<string, number>();
  const makes = new Map<string, string[]>();
  const search = async (f: Filters, host?: string) => {
    const r = await s.gql(SEARCH, { f }, { host });
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    return r.body.data?.fetchRatebook as Page;
  };
  const count = async (table: 'leads' | 'users' | 'applications' | 'outbox') => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(s.database.db)).rows[0].n);

  beforeAll(async () => {
    await seedRatebook(s.database.db, ROWS);
    await sql`analyze ratebook`.execute(s.database.db);
    rows = (await s.database.db.selectFrom('ratebook').select(['id', 'country_code', 'distance', 'duration', 'vehicle_make', 'vehicle_model', 'vehicle_fueltype', 'vehicle_bodytype', 'cab_type', 'vehicle_nrofseats', 'consumer_price', 'week_leaseprice', 'month_leaseprice', 'vehicle_description', 'catalog_vehicle_id']).execute()) as Row[];
    const ordered = await sql<{ d: string }>`select distinct vehicle_description as d from ratebook order by 1`.execute(s.database.db);
    ordered.rows.forEach((r, i) => rank.set(r.d, i));
    for (const r of rows) makes.set(r.vehicle_make, [...new Set([...(makes.get(r.vehicle_make) ?? []), r.vehicle_model])]);
  }, 120_000);

  const ids = (list: { id: string }[]) => list.map((r) => String(r.id));
  const check = async (f: Filters, country = 'AU', host?: string) => {
    const all = expectedMatches(rows, country, f, rank);
    const size = f.pageSize ?? 25;
    const page = f.currentPage ?? 1;
    const got = await search(f, host);
    expect(got.totalCount, JSON.stringify(f)).toBe(all.length);
    expect(got.results.totalCount).toBe(all.length);
    expect(ids(got.results.rows), JSON.stringify(f)).toEqual(ids(all.slice((page - 1) * size, page * size)));
    expect(got.results.resultCount).toBe(got.results.rows.length);
    return { got, all };
  };

  it('answers the default search: brand country, 48 months, 15,000 km, description ascending, 25 a page, exact count', async () => {
    const { got, all } = await check({});
    expect(all.length).toBeGreaterThan(60);
    expect(got.results.rows.every((r) => (r as { duration?: number }).duration === 48)).toBe(true);
    // The NZ brand's host searches the NZ catalogue; a client countryCode does not override the brand.
    await check({}, 'NZ', 'nz.localhost');
    const forced = await search({ countryCode: 'NZ' } as Filters);
    expect(forced.totalCount).toBe(all.length);
  });

  it('filters by make/model pairs, fuel, body, cab types (utes only), seats, RRP and budget ranges', async () => {
    const [make, models] = [...makes][0];
    await check({ pair: [make] });
    await check({ pair: [`${make}:${models[0]}`, [...makes.keys()][1]] });
    await check({ pair: [`${make.toLowerCase()}:${models[0].toLowerCase()}`] });
    await check({ vehicleFueltype: ['ELECTRIC', 'HYBRID'] });
    await check({ vehicleBodytype: ['UTE', 'SUV'], cabType: ['D/CAB'] });
    await check({ vehicleBodytype: ['SUV'], cabType: ['D/CAB'] });
    await check({ vehicleSeats: [7, 8] });
    await check({ vehicleMinRRP: 40000, vehicleMaxRRP: 60000, sortBy: 'consumer_price' });
    const noLimit = await check({ vehicleMinRRP: 60000, vehicleMaxRRP: 120000, sortBy: 'consumer_price', sortOrder: 'desc' });
    const unbounded = await search({ vehicleMinRRP: 60000 });
    expect(noLimit.got.totalCount).toBe(unbounded.totalCount);
    const capped = await check({ vehicleMinRRP: 60000, vehicleMaxRRP: 70000 });
    expect(capped.all.length).toBeLessThan(noLimit.all.length);
    await check({ minBudget: 200, maxBudget: 300, budgetType: 'weekly', sortBy: 'week_leaseprice' });
    await check({ minBudget: 800, maxBudget: 1200, budgetType: 'monthly' });
    await check({ minDuration: 36, maxDuration: 60, pageSize: 100 });
  });

  it('sorts both ways and pages through every page with a stable order', async () => {
    for (const sortBy of ['vehicle_description', 'consumer_price', 'week_leaseprice'] as const) {
      for (const sortOrder of ['asc', 'desc'] as const) {
        const total = (await check({ sortBy, sortOrder, pageSize: 10 })).all.length;
        const seen: string[] = [];
        for (let page = 1; page <= Math.ceil(total / 50); page++) seen.push(...ids((await check({ sortBy, sortOrder, pageSize: 50, currentPage: page })).got.results.rows));
        expect(new Set(seen).size).toBe(total);
      }
    }
    const past = await search({ pageSize: 100, currentPage: 500 });
    expect(past.results.rows).toEqual([]);
    expect(past.totalCount).toBeGreaterThan(0);
  });

  it('matches the independent model on 60 random filter/sort/page queries', async () => {
    const r = prng(7);
    const cabs = [...new Set(rows.map((x) => x.cab_type).filter((c): c is string => !!c))];
    const vehicles = [...new Set(rows.filter((x) => x.country_code === 'AU').map((x) => x.catalog_vehicle_id))];
    for (let i = 0; i < 60; i++) await check(randomFilters(r, makes, cabs, vehicles));
  }, 60_000);

  it('refuses mutually exclusive ranges and unknown sorts with INVALID_FILTER', async () => {
    for (const f of [{ vehicleMaxRRP: 60000, maxBudget: 300 }, { sortBy: 'id; drop table ratebook' }, { sortOrder: 'sideways' }, { pageSize: 1000 }, { currentPage: 0 }, { budgetType: 'daily', maxBudget: 200 }]) {
      const r = await s.gql(SEARCH, { f });
      expect(r.body.errors?.[0].extensions?.code, JSON.stringify(f)).toBe('INVALID_FILTER');
      // The user reads the catalogue's text for the brand; the developer's reason travels beside it.
      expect(r.body.errors?.[0].message).toBe(definitions().message('api.error.INVALID_FILTER', { brand: 'acme-au', region: 'au' }));
      expect(r.body.errors?.[0].extensions?.reason).toBeTruthy();
    }
  });

  it('limits the search to the enabled manufacturers and drops pairs of other makes', async () => {
    const [first, second] = [...makes.keys()];
    const rules = { ...calculatorRules({ region: 'AU' }), manufacturersEnabled: [first] };
    const catalogue = tableCatalogue(s.database.db);
    const onlyEnabled = await catalogue.search(searchPlan({ pageSize: 100 }, rules));
    expect(onlyEnabled.totalCount).toBe(expectedMatches(rows, 'AU', { pair: [first] }, rank).length);
    expect(onlyEnabled.rows.every((r) => r.vehicleMake === first)).toBe(true);
    const dropped = await catalogue.search(searchPlan({ pair: [second, `${first}:${makes.get(first)![0]}`] }, rules));
    expect(dropped.totalCount).toBe(expectedMatches(rows, 'AU', { pair: [`${first}:${makes.get(first)![0]}`] }, rank).length);
  });

  it('refreshes shortlisted vehicles by id over all terms (pageSize 100, 36-60 months)', async () => {
    const wanted = [...new Set(rows.filter((r) => r.country_code === 'AU').map((r) => r.catalog_vehicle_id))].slice(0, 3);
    const { got } = await check({ catalogVehicleId: wanted, pageSize: 100, minDuration: 36, maxDuration: 60 });
    expect(got.totalCount).toBe(9);
  });

  it('lists makes and models of the brand country', async () => {
    const r = await s.gql('{ fetchCacheMakeModel(searchFilters: { countryCode: "AU" }) { results { rows { make model } } } }');
    const list = (r.body.data?.fetchCacheMakeModel as { results: { rows: { make: string; model: string }[] } }).results.rows;
    const expected = [...new Set(rows.filter((x) => x.country_code === 'AU').map((x) => `${x.vehicle_make.toUpperCase()}|${x.vehicle_model.toUpperCase()}`))].sort();
    expect(list.map((x) => `${x.make}|${x.model}`).sort()).toEqual(expected);
  });

  describe('shortlist', () => {
    const Q = `mutation($id: ID, $u: ID!, $s: JSON!, $m: Boolean) { updateShortlists(applicationId: $id, userId: $u, shortlists: $s, merge: $m) { success code message results { userProfile { shortlists } vehicleApplication { calculator { shortlists { catalogVehicleId } } } } } }`;
    const item = (n: number) => ({ catalogVehicleId: `CV${String(n).padStart(7, '0')}`, duration: 48 });
    let cookie: string;
    let userId: string;
    let appId: string;
    beforeAll(async () => {
      cookie = await s.login('calculator.viewshortlist.au@demo.example');
      const me = await s.gql('{ session { user { id } } }', {}, { cookie });
      userId = (me.body.data?.session as { user: { id: string } }).user.id;
      const app = await s.gql('{ getVehicleApplication { applicationId } }', {}, { cookie });
      appId = (app.body.data?.getVehicleApplication as { applicationId: string }).applicationId;
    });

    it('refuses a 4th vehicle with SHORTLIST_LIMIT and writes nothing', async () => {
      await s.gql(Q, { id: appId, u: userId, s: [item(1)] }, { cookie });
      const r = await s.gql(Q, { id: appId, u: userId, s: [item(1), item(2), item(3), item(4)] }, { cookie });
      expect(r.body.errors?.[0].extensions?.code).toBe('SHORTLIST_LIMIT');
      expect(r.body.errors?.[0].message).toBe('Limit has been reached.');
      const user = await s.database.db.selectFrom('users').select('shortlists').where('id', '=', userId).executeTakeFirstOrThrow();
      expect(user.shortlists).toEqual([item(1)]);
    });

    it('uses the session user only: another id is FORBIDDEN, no session is UNAUTHENTICATED', async () => {
      const other = await s.database.db.selectFrom('users').select('id').where('email', '=', 'calculator.approvals.au@demo.example').executeTakeFirstOrThrow();
      const r = await s.gql(Q, { u: other.id, s: [item(5)] }, { cookie });
      expect(r.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
      const anon = await s.gql(Q, { u: userId, s: [item(5)] });
      expect(anon.body.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      const untouched = await s.database.db.selectFrom('users').select('shortlists').where('id', '=', other.id).executeTakeFirstOrThrow();
      expect(untouched.shortlists).not.toContainEqual(item(5));
    });

    it('merges the anonymous shortlist after sign-in up to the limit, without duplicates', async () => {
      await s.gql(Q, { id: appId, u: userId, s: [item(1)] }, { cookie });
      const r = await s.gql(Q, { u: userId, s: [item(1), item(2), item(3), item(4)], m: true }, { cookie });
      const answer = r.body.data?.updateShortlists as { code: string; message: string; results: { userProfile: { shortlists: unknown[] }; vehicleApplication: { calculator: { shortlists: { catalogVehicleId: string }[] } } } };
      expect(answer.code).toBe('SHORTLIST_LIMIT');
      expect(answer.message).toBe('Limit has been reached.');
      expect(answer.results.userProfile.shortlists).toEqual([item(1), item(2), item(3)]);
      expect(answer.results.vehicleApplication.calculator.shortlists.map((x) => x.catalogVehicleId)).toEqual([item(1), item(2), item(3)].map((x) => x.catalogVehicleId));
      const fits = await s.gql(Q, { id: appId, u: userId, s: [item(9)] }, { cookie });
      expect(fits.body.data?.updateShortlists).toMatchObject({ success: true, code: null });
      const merged = await s.gql(Q, { u: userId, s: [item(9), item(10)], m: true }, { cookie });
      expect((merged.body.data?.updateShortlists as { code: string | null }).code).toBeNull();
    });
  });

  describe('business lookup', () => {
    const Q = `query($p: String!, $r: String) { getBusinessInfo(param: $p, region: $r) { status rows { abn name postCode stateCode entityType } } }`;
    const lookup = async (p: string, r?: string) => (await s.gql(Q, { p, r })).body.data?.getBusinessInfo as { status: string; rows: { abn: string; name: string }[] };

    it('finds an ABN / NZBN with a valid check digit and refuses a wrong one', async () => {
      const au = await s.database.db.selectFrom('businesses').selectAll().where('region', '=', 'AU').orderBy('name').executeTakeFirstOrThrow();
      expect((await lookup(au.business_number, 'AU')).rows.map((r) => r.abn)).toEqual([au.business_number]);
      expect((await lookup(`${au.business_number.slice(0, 2)} ${au.business_number.slice(2, 5)} ${au.business_number.slice(5, 8)} ${au.business_number.slice(8)}`, 'AU')).rows).toHaveLength(1);
      const wrong = `${au.business_number.slice(0, 10)}${(Number(au.business_number[10]) + 1) % 10}`;
      expect(await lookup(wrong, 'AU')).toEqual({ status: 'invalid', rows: [] });
      expect(await lookup(abnFor(987654321), 'AU')).toEqual({ status: 'ok', rows: [] });
      const nz = await s.database.db.selectFrom('businesses').selectAll().where('region', '=', 'NZ').executeTakeFirstOrThrow();
      expect((await lookup(nz.business_number, 'NZ')).rows.map((r) => r.abn)).toEqual([nz.business_number]);
      expect((await lookup(`${nz.business_number.slice(0, 12)}${(Number(nz.business_number[12]) + 1) % 10}`, 'NZ')).status).toBe('invalid');
      expect(nzbnFor(1).length).toBe(13);
    });

    it('searches names (at most 6 rows, at least 2 characters), per region', async () => {
      const all = await s.database.db.selectFrom('businesses').select(['name', 'region']).execute();
      const hits = all.filter((b) => b.region === 'AU' && b.name.toLowerCase().includes('e'));
      const r = await lookup('E', 'AU');
      expect(r.status).toBe('tooShort');
      const two = await lookup('er', 'AU');
      expect(two.rows.length).toBe(Math.min(6, all.filter((b) => b.region === 'AU' && b.name.toLowerCase().includes('er')).length));
      expect(hits.length).toBeGreaterThan(6);
      const one = all.find((b) => b.region === 'NZ')!;
      expect((await lookup(one.name.slice(0, 6), 'NZ')).rows.map((x) => x.name)).toContain(one.name);
      expect((await lookup(one.name.slice(0, 6), 'AU')).rows.map((x) => x.name)).not.toContain(one.name);
      expect((await lookup('%', 'AU')).rows).toEqual([]);
    });
  });

  describe('enquiries and call requests', () => {
    const DIALLER = `mutation($e: CalcLeadDiallerInput!) { saveCalculatorLeadDialler(calcLeadDialler: $e) { leadId success } }`;
    const ACCOUNT = `mutation($e: CalcLeadOppInput!) { saveCalculatorOnlineAccount(calcLeadOpp: $e) { status message results { leadId vehicleApplicationId opportunityId } } }`;
    const CALLBACK = `mutation($p: RequestCallbackInput!) { sendRequestCallback(payload: $p) { status message } }`;
    let abn: string;
    let vehicle: string;
    const enquiry = (over: Record<string, unknown> = {}, contact: Record<string, unknown> = {}) => ({
      enquireType: 'call',
      customer: { name: 'Harbour Freight Logistics', abn, postCode: '2000', stateCode: 'NSW' },
      contact: { firstName: 'Alex', lastName: 'Driver', phone: '0412345678', email: 'alex.driver@fixture.test', postCode: '2000', ...contact },
      fleetSize: '12',
      yearsTrading: { value: '2 - 5 years' },
      description: 'Three utes please',
      shortlists: [{ catalogVehicleId: vehicle, duration: 48 }],
      introducer: { orgId: 'someone-else' },
      ...over,
    });
    // These tests check validation, not rate limits (tests/integration/server/rateLimits.test.ts): each call starts with fresh counters.
    const gqlUnlimited: TestServer['gql'] = async (...args) => {
      await s.database.exec('DELETE FROM rate_limits');
      return s.gql(...args);
    };
    const snapshot = async () => [await count('leads'), await count('users'), await count('applications'), await count('outbox')];
    beforeAll(async () => {
      abn = (await s.database.db.selectFrom('businesses').select('business_number').where('region', '=', 'AU').executeTakeFirstOrThrow()).business_number;
      vehicle = rows.find((r) => r.country_code === 'AU')!.catalog_vehicle_id;
    });

    /** The introducer the server must record for a brand: from its definitions (brands/*.yaml), never the client's. */
    const introducerOf = (brand: string, region: 'au' | 'nz', host: string) => {
      const settings = definitions().layers({ brand, region }).settings as { whiteLabel: Record<string, string>; organisation: Record<string, string> };
      const number = region === 'nz' ? { nzbn: settings.whiteLabel.nzbn } : { abn: settings.whiteLabel.abn };
      expect(s.services.regions.get(region)?.businessNumber.valid(String(Object.values(number)[0])), `${brand} business number`).toBe(true);
      expect(settings.organisation.orgId, `${brand} orgId`).toBeTruthy();
      return { region: region.toUpperCase(), ...number, orgId: settings.organisation.orgId, name: settings.organisation.name, domainName: host };
    };
    const forged = { region: 'XX', abn: '51824753556', nzbn: '9429000000000', orgId: 'someone-else', name: 'Someone Else', domainName: 'evil.example' };

    it("records a 'Call me' enquiry as a lead row with the brand's introducer: region, ABN or NZBN, orgId, name, domain (AU and NZ; the client's is ignored)", async () => {
      const r = await gqlUnlimited(DIALLER, { e: enquiry({ introducer: forged }) });
      const answer = r.body.data?.saveCalculatorLeadDialler as { leadId: string; success: boolean };
      expect(answer.success).toBe(true);
      const lead = await s.database.db.selectFrom('leads').selectAll().where('id', '=', answer.leadId).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ kind: 'dialler', brand_id: 'acme-au', region: 'AU', email: 'alex.driver@fixture.test', phone: '0412345678', provider: 'sandbox' });
      expect((lead.payload as { introducer: unknown }).introducer).toEqual(introducerOf('acme-au', 'au', 'au.localhost'));
      const nz = { enquireType: 'call', customer: { name: 'Kiwi Freight', abn: nzbnFor(4243) }, contact: { firstName: 'Aroha', lastName: 'Driver', phone: '021234567', email: 'aroha.intro@fixture.test', location: 'Wellington' }, fleetSize: 2, yearsTrading: { value: '1 - 5' }, shortlists: [], introducer: forged };
      const nzAnswer = (await gqlUnlimited(DIALLER, { e: nz }, { host: 'nz.localhost' })).body.data?.saveCalculatorLeadDialler as { leadId: string };
      const nzLead = await s.database.db.selectFrom('leads').selectAll().where('id', '=', nzAnswer.leadId).executeTakeFirstOrThrow();
      expect(nzLead).toMatchObject({ brand_id: 'kiwi-nz', region: 'NZ' });
      expect((nzLead.payload as { introducer: unknown }).introducer).toEqual(introducerOf('kiwi-nz', 'nz', 'nz.localhost'));
    });

    it('refuses bad enquiries with the form texts and writes nothing', async () => {
      const before = await snapshot();
      const cases: [Record<string, unknown>, string, string][] = [
        [enquiry({}, { phone: '041234567' }), 'calcLead.contact.phone', 'Field value length must equal to 10'],
        [enquiry({}, { postCode: undefined }), 'calcLead.contact.postCode', 'Field is required'],
        [enquiry({}, { email: 'not-an-email' }), 'calcLead.contact.email', 'Field needs to be an email address'],
        [enquiry({}, { firstName: 'A' }), 'calcLead.contact.firstName', 'Field value must have at least 2 characters.'],
        [enquiry({ fleetSize: '12345' }), 'calcLead.fleetSize', 'Field is invalid. A maximum of 4 numbers is permitted'],
        [enquiry({ description: 'x'.repeat(251) }), 'calcLead.description', 'Field value must have at most 250 characters.'],
        [enquiry({ yearsTrading: undefined }), 'calcLead.yearsTrading', 'Field is required'],
        [enquiry({ customer: { name: 'X', abn: `${abn.slice(0, 10)}${(Number(abn[10]) + 1) % 10}` } }), 'calcLead.customer.abn', 'Please select your business from the search results.'],
        [enquiry({ shortlists: [{ catalogVehicleId: 'CV-NOPE' }] }), 'calcLead.shortlists', 'Field is invalid'],
      ];
      for (const [e, field, text] of cases) {
        for (const q of [DIALLER, ACCOUNT]) {
          const r = await gqlUnlimited(q, { e: { ...e, enquireType: q === DIALLER ? 'call' : 'register' } });
          const error = r.body.errors?.[0];
          expect(error?.extensions?.code, field).toBe('INVALID_VALUE');
          expect((error?.extensions?.fields as Record<string, string>)[field], field).toBe(text);
        }
      }
      expect(await snapshot()).toEqual(before);
    });

    it('applies the NZ rules on the NZ brand: location instead of postcode, 9-12 digit phone, NZ years trading, NZBN', async () => {
      const nz = { enquireType: 'call', customer: { name: 'Kiwi Freight', abn: nzbnFor(4242) }, contact: { firstName: 'Aroha', lastName: 'Driver', phone: '021234567', email: 'aroha@fixture.test', location: 'Wellington', postCode: null }, fleetSize: 2, yearsTrading: { value: '1 - 5' }, description: null, shortlists: [] };
      const ok = await gqlUnlimited(DIALLER, { e: nz }, { host: 'nz.localhost' });
      expect(ok.body.data?.saveCalculatorLeadDialler).toMatchObject({ success: true });
      const bad = await gqlUnlimited(DIALLER, { e: { ...nz, customer: { name: 'X', abn: abn }, contact: { ...nz.contact, location: undefined, phone: '0212' }, yearsTrading: { value: '2 - 5 years' } } }, { host: 'nz.localhost' });
      const fields = bad.body.errors?.[0].extensions?.fields as Record<string, string>;
      expect(fields['calcLead.contact.location']).toBe('Field is required');
      expect(fields['calcLead.contact.phone']).toBe('Field value must have at least 9 characters.');
      expect(fields['calcLead.yearsTrading']).toBeDefined();
    });

    it("creates the account and calculator application for 'register' and e-mails a set-password link that works", async () => {
      const email = 'robin.register@fixture.test';
      const r = await gqlUnlimited(ACCOUNT, { e: enquiry({ enquireType: 'register' }, { email, firstName: 'Robin' }) });
      const answer = r.body.data?.saveCalculatorOnlineAccount as { status: string; message: string | null; results: { leadId: string; vehicleApplicationId: string | null; opportunityId: string | null } };
      // The lead's id only: a known e-mail gets the same answer (tests/integration/server/limitsAndEnumeration.test.ts).
      expect(answer).toMatchObject({ status: 'success', message: null, results: { vehicleApplicationId: null, opportunityId: null } });
      const user = await s.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const app = await s.database.db.selectFrom('applications').selectAll().where('primary_user_id', '=', user.id).executeTakeFirstOrThrow();
      expect(app).toMatchObject({ application_type: 'calculator', application_status: 'viewShortlist', brand_id: 'acme-au' });
      expect((app.record as { calculator: { introducer: unknown } }).calculator.introducer).toEqual(introducerOf('acme-au', 'au', 'au.localhost'));
      expect((app.record as { calculator: { shortlists: unknown[] } }).calculator.shortlists).toEqual([{ catalogVehicleId: vehicle, duration: 48 }]);
      // The new record passes the record schemas the server enforces later writes with.
      const layers = definitions().layers({ brand: 'acme-au', region: 'au' });
      for (const root of Object.keys(RECORD_SCHEMAS)) {
        const value = (app.record as Record<string, unknown>)[root];
        if (value !== undefined) expect(() => assertValid(layers, root, value), root).not.toThrow();
      }
      const lead = await s.database.db.selectFrom('leads').selectAll().where('id', '=', answer.results.leadId).executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ kind: 'onlineAccount', application_id: app.id, user_id: app.primary_user_id, opportunity_id: expect.stringMatching(/^OPP-/) });
      const mail = await s.database.db.selectFrom('outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
      const link = /\/reset-password\?hash=([^&\s]+)&email=([^\s]+)/.exec(mail.body_text);
      expect(link).not.toBeNull();
      const reset = await gqlUnlimited('mutation($e:String!,$h:String!,$p:String!){ resetPassword(email:$e,hash:$h,password:$p,confirmPassword:$p){ success } }', { e: decodeURIComponent(link![2]), h: decodeURIComponent(link![1]), p: 'Robin-Secret-9' });
      expect((reset.body.data?.resetPassword as { success: boolean }).success).toBe(true);
      const cookie = await s.login(email, 'Robin-Secret-9');
      const mine = await gqlUnlimited('{ getVehicleApplication { applicationId applicationType calculator { shortlists { catalogVehicleId } } } }', {}, { cookie });
      expect(mine.body.data?.getVehicleApplication).toMatchObject({ applicationId: app.id, applicationType: 'calculator' });
      // A second registration with the same e-mail creates nothing new and answers as the first did.
      const before = [await count('users'), await count('applications')];
      const again = await gqlUnlimited(ACCOUNT, { e: enquiry({ enquireType: 'register' }, { email }) });
      expect(again.body.data?.saveCalculatorOnlineAccount).toMatchObject({ status: 'success', message: null, results: { vehicleApplicationId: null, opportunityId: null } });
      expect([await count('users'), await count('applications')]).toEqual(before);
    });

    it('records a call request and refuses a bad one without writing', async () => {
      const ok = await gqlUnlimited(CALLBACK, { p: { firstName: 'Casey', lastName: 'Caller', contactNumber: '0400 000 000', email: 'casey@fixture.test', message: 'After 3pm' } });
      expect(ok.body.data?.sendRequestCallback).toEqual({ status: '200', message: 'OK' });
      const lead = await s.database.db.selectFrom('leads').selectAll().where('email', '=', 'casey@fixture.test').executeTakeFirstOrThrow();
      expect(lead).toMatchObject({ kind: 'callback', phone: '0400 000 000' });
      expect((lead.payload as { domain: string }).domain).toBe('au.localhost');
      const before = await snapshot();
      for (const [p, field, text] of [
        [{ firstName: 'Casey', lastName: 'Caller', contactNumber: '0400000000', email: 'casey@fixture.test', message: 'x'.repeat(251) }, 'payload.message', 'Field value must have at most 250 characters.'],
        [{ firstName: '', lastName: 'Caller', contactNumber: '0400000000', email: 'casey@fixture.test' }, 'payload.firstName', 'Field is required'],
        [{ firstName: 'Casey', lastName: 'Caller', contactNumber: 'call me', email: 'casey@fixture.test' }, 'payload.contactNumber', 'Field needs to be a telephone number'],
      ] as const) {
        const r = await gqlUnlimited(CALLBACK, { p });
        expect(r.body.errors?.[0].extensions?.code).toBe('INVALID_VALUE');
        expect((r.body.errors?.[0].extensions?.fields as Record<string, string>)[field]).toBe(text);
      }
      expect(await snapshot()).toEqual(before);
    });
  });
});
