/**
 * A third region added as an analyst would (tests/fixtures/regions/uk): a region layer, a brand and a
 * small catalogue and registry sample, plus one registered validator (UK VAT numbers, mod 97), and no
 * other code. The app runs in-process over a migrated PGlite database of its own; the calculator search, the business
 * lookup and an enquiry run on the UK host over HTTP, and AU keeps its own rules beside it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { businessNumberValidators, type BusinessNumberValidator } from '../../../extensions/businessNumbers';
import { createApp, type App } from '../../../server/app';
import type { DbHandle } from '../../../server/db';
import { definitionsFromFiles } from '../../../server/definitions';
import { abnFor, seedBusinesses } from '../../../server/seed/referenceData';
import { servicesFor } from '../../../server/services';
import { readDefinitions } from '../../../runtime/node';
import { openTestDatabase, ROOT, silent, testConfig, useHarness } from '../server/harness';

const FIXTURE = join(ROOT, 'tests/fixtures/regions/uk');
const HOST = 'uk.test';

/** The one piece of code the region needs: UK VAT registration number (9 digits; weights 8..2 plus the last two digits, mod 97, old or new series). */
const ukVat: BusinessNumberValidator = (digits) => {
  if (!/^\d{9}$/.test(digits)) return false;
  const total = [8, 7, 6, 5, 4, 3, 2].reduce((s, w, i) => s + w * Number(digits[i]), 0) + Number(digits.slice(7));
  return total % 97 === 0 || (total + 55) % 97 === 0;
};

/** The project's definition files with the fixture's region and brand files added, unchanged. */
function definitionFiles(): Record<string, string> {
  const files = readDefinitions(ROOT);
  const dir = join(FIXTURE, 'definitions');
  const walk = (at: string): string[] => readdirSync(at, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(at, e.name)) : [join(at, e.name)]));
  for (const file of walk(dir)) files[relative(dir, file)] = readFileSync(file, 'utf8');
  return files;
}

const fixture = <T>(name: string) => parse(readFileSync(join(FIXTURE, name), 'utf8')) as T;

interface CatalogueRow { ref: string; vehicle: string; make: string; model: string; body: string; fuel: string; price: number; month: number; distance: number; duration: number }
interface RegistryRow { number: string; name: string; entityType: string; postCode: string; stateCode: string }

/** Seed the fixture's rate book (country UK, miles) and registry sample, as the region's providers would answer. */
async function seedUk(database: DbHandle): Promise<void> {
  const rows = fixture<CatalogueRow[]>('catalogue.yaml');
  await database.db.insertInto('ratebook').values(rows.map((r) => ({
    country_code: 'UK', reference_id: r.ref, catalog_vehicle_id: r.vehicle, quotation_template_id: null, catalog_price: Math.round(r.price / 1.2), consumer_price: r.price,
    month_leaseprice: r.month, week_leaseprice: Math.round((r.month * 1200) / 52) / 100, distance: r.distance, distance_unit: 'miles', duration: r.duration, duration_unit: 'months',
    catalog_year: 2025, vehicle_description: `${r.make} ${r.model}`, vehicle_make: r.make, vehicle_model: r.model, vehicle_bodytype: r.body, vehicle_bodystyle: r.body, vehicle_fueltype: r.fuel,
    broker_id: 'BRK-UK', broker_name: 'Albion Fleet',
  }))).execute();
  await database.db.insertInto('businesses').values(fixture<RegistryRow[]>('businesses.yaml').map((b) => ({
    region: 'UK', business_number: b.number, name: b.name, entity_type: b.entityType, post_code: b.postCode, state_code: b.stateCode, registered_on: '2015-04-01', status: 'active',
  }))).execute();
}

const SEARCH = `query($f: RatebookSearchFilters!) { fetchRatebook(searchFilters: $f) { totalCount results { rows { catalogVehicleId vehicleMake distance duration } } } }`;
const LOOKUP = `query($p: String!, $r: String) { getBusinessInfo(param: $p, region: $r) { status rows { abn name postCode entityType } } }`;
const DIALLER = `mutation($e: CalcLeadDiallerInput!) { saveCalculatorLeadDialler(calcLeadDialler: $e) { leadId success } }`;

describe('a third region from YAML and one registered validator (UK)', () => {
  const t = useHarness(() => openTestDatabase('pglite', 'migrated'));
  let app: App;
  const gql = async (query: string, variables: Record<string, unknown>, host = HOST) => {
    const res = await app.fetch(`http://${host}/graphql`, { method: 'POST', headers: { host, 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
    return (await res.json()) as { data?: Record<string, unknown>; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  };
  const enquiry = (over: Record<string, unknown> = {}, contact: Record<string, unknown> = {}) => ({
    enquireType: 'call',
    customer: { name: 'Thames Valley Haulage', abn: '123456727', postCode: 'RG1 1AA', stateCode: 'ENG' },
    contact: { firstName: 'Alfie', lastName: 'Driver', phone: '07700900123', email: 'alfie.driver@fixture.test', location: 'Reading', ...contact },
    fleetSize: '4',
    yearsTrading: { value: '2 - 5 years' },
    shortlists: [{ catalogVehicleId: 'CV-UK-2', duration: 48 }],
    ...over,
  });

  beforeAll(async () => {
    await seedUk(t.database);
    await seedBusinesses(t.database.db);
    const definitions = definitionsFromFiles(definitionFiles());
    const services = servicesFor(testConfig(t.dir), t.database, definitions, silent, { businessNumberValidators: { ...businessNumberValidators, ukVat } });
    app = await createApp(services, { serveStatic: false });
  }, 120_000);

  it("serves the region's brand with its currency, VAT wording and business number rule", async () => {
    const res = await app.fetch(`http://${HOST}/brand.json`, { headers: { host: HOST } });
    const body = (await res.json()) as { settings: Record<string, unknown>; messages: Record<string, string> };
    expect(body.settings).toMatchObject({ region: 'UK', currency: 'GBP', businessNumber: { field: 'vat', digits: 9, validator: 'ukVat' }, calculatorUi: { currencyFormat: { locale: 'en-GB', currency: 'GBP' } } });
    expect(body.messages['calculator.gst']).toBe('(inc. VAT)');
  });

  it("searches the region's own catalogue with its own defaults (10,000 miles, 48 months)", async () => {
    const r = await gql(SEARCH, { f: {} });
    expect(r.errors).toBeUndefined();
    const page = r.data?.fetchRatebook as { totalCount: number; results: { rows: { catalogVehicleId: string; vehicleMake: string; distance: number; duration: number }[] } };
    expect(page.totalCount).toBe(3);
    expect(page.results.rows.map((x) => x.catalogVehicleId)).toEqual(['CV-UK-2', 'CV-UK-3', 'CV-UK-1']);
    expect(page.results.rows.every((x) => x.distance === 10000 && x.duration === 48)).toBe(true);
    const vans = (await gql(SEARCH, { f: { vehicleBodytype: ['VAN'] } })).data?.fetchRatebook as { totalCount: number };
    expect(vans.totalCount).toBe(2);
    // The AU host still searches the AU catalogue, which holds no UK vehicle.
    const au = (await gql(SEARCH, { f: { pageSize: 100 } }, 'au.localhost')).data?.fetchRatebook as { results: { rows: { catalogVehicleId: string }[] } };
    expect(au.results.rows.some((x) => x.catalogVehicleId.startsWith('CV-UK'))).toBe(false);
  });

  it('looks businesses up by VAT number (the registered validator) and by name, in its region only', async () => {
    expect((await gql(LOOKUP, { p: '123 4567 27' })).data?.getBusinessInfo).toEqual({ status: 'ok', rows: [{ abn: '123456727', name: 'Thames Valley Haulage', postCode: 'RG1 1AA', entityType: 'LTD' }] });
    // One digit off fails the mod-97 check: refused before the registry is asked.
    expect((await gql(LOOKUP, { p: '123456728' })).data?.getBusinessInfo).toEqual({ status: 'invalid', rows: [] });
    expect(((await gql(LOOKUP, { p: 'valley', r: 'UK' })).data?.getBusinessInfo as { rows: { name: string }[] }).rows.map((x) => x.name)).toEqual(['Severn Valley Builders', 'Thames Valley Haulage']);
    // The UK region answers from the AU host too, and an AU name is not in it.
    expect(((await gql(LOOKUP, { p: 'Harbour', r: 'uk' }, 'au.localhost')).data?.getBusinessInfo as { rows: unknown[] }).rows).toEqual([]);
    // An 11-digit ABN is no full UK number: a prefix search that finds nothing, not an ABN check.
    expect((await gql(LOOKUP, { p: abnFor(123456789) })).data?.getBusinessInfo).toEqual({ status: 'ok', rows: [] });
    const unknown = await gql(LOOKUP, { p: 'Harbour', r: 'FR' });
    expect(unknown.errors?.[0].extensions?.code).toBe('INVALID_VALUE');
    expect(unknown.errors?.[0].extensions?.reason).toBe("region must be one of 'AU', 'NZ', 'UK'");
  });

  it("records an enquiry with the region's phone length and the brand's VAT number as its introducer", async () => {
    const r = await gql(DIALLER, { e: enquiry() });
    expect(r.errors).toBeUndefined();
    const { leadId } = r.data?.saveCalculatorLeadDialler as { leadId: string };
    const lead = await t.database.db.selectFrom('leads').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(lead).toMatchObject({ kind: 'dialler', brand_id: 'albion-uk', region: 'UK', phone: '07700900123' });
    expect((lead.payload as { introducer: unknown }).introducer).toEqual({ region: 'UK', vat: '980780684', orgId: 'ORG-ALBION-UK', name: 'Albion Fleet', domainName: HOST });
  });

  it('refuses an enquiry that breaks a UK rule: VAT check digits, 11-digit phone, location, a vehicle of another catalogue', async () => {
    const fieldOf = async (e: Record<string, unknown>, field: string) => ((await gql(DIALLER, { e })).errors?.[0].extensions?.fields as Record<string, string> | undefined)?.[field];
    expect(await fieldOf(enquiry({ customer: { name: 'X', abn: '123456728' } }), 'calcLead.customer.abn')).toBe('Please select your business from the search results.');
    expect(await fieldOf(enquiry({ customer: { name: 'X', abn: abnFor(123456789) } }), 'calcLead.customer.abn')).toBe('Please select your business from the search results.');
    expect(await fieldOf(enquiry({}, { phone: '0412345678' }), 'calcLead.contact.phone')).toBe('Field value length must equal to 11');
    expect(await fieldOf(enquiry({}, { location: undefined }), 'calcLead.contact.location')).toBe('Field is required');
    expect(await fieldOf(enquiry({ shortlists: [{ catalogVehicleId: 'CV-NOPE' }] }), 'calcLead.shortlists')).toBe('Field is invalid');
    // The AU host keeps the ABN rule: the UK VAT number is refused there.
    const au = await gql(DIALLER, { e: enquiry({ customer: { name: 'X', abn: '123456727' } }, { phone: '0412345678', postCode: '2000', location: undefined }) }, 'au.localhost');
    expect((au.errors?.[0].extensions?.fields as Record<string, string>)['calcLead.customer.abn']).toBe('Please select your business from the search results.');
  });

  it('does not start when a region names a validator nobody registered', () => {
    const definitions = definitionsFromFiles(definitionFiles());
    expect(() => servicesFor(testConfig(join(t.dir, 'data2')), t.database, definitions, silent)).toThrow("regions/uk.yaml: settings.businessNumber.validator 'ukVat' is not registered (validators: abn, gs1)");
  });
});
