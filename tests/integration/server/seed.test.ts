/** Demo data: idempotent, every status of every flow, valid registry numbers, rate-book generator. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eachTransition } from '../../../runtime/core/flow';
import { EnforceError, RECORD_SCHEMAS, assertComplete, assertValid, completionsFor, flowsFor } from '../../../server/enforce';
import { ratebookRows } from '../../../server/seed/ratebook';
import { seedAll, demoLogins } from '../../../server/seed/index';
import { DATABASES, definitions, startServer, useHarness } from './harness';

const get = (o: unknown, path: string) => path.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);

describe.each(DATABASES)('seed on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  it('is idempotent', async () => {
    const before = await s.database.db.selectFrom('applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const again = await seedAll(s.services, { ratebookRows: 300 });
    expect(again).toEqual({ users: 0, applications: 0, ratebook: 0 });
    const after = await s.database.db.selectFrom('applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  }, 60_000);

  it("drops an earlier seed's trim and base images (files that never existed) when seeding again; other rows untouched", async () => {
    const db = s.database.db;
    const [old, real] = await db.selectFrom('ratebook').select(['reference_id']).orderBy('reference_id').limit(2).execute();
    await db.updateTable('ratebook').set({ jato_imagepath_trim: '/vehicles/toyota-hilux-sr5.jpg', jato_imagepath_base: '/vehicles/toyota-hilux-base.jpg' }).where('reference_id', '=', old.reference_id).execute();
    await db.updateTable('ratebook').set({ jato_imagepath_trim: 'https://x.blob.core.windows.net/t.jpg', jato_imagepath_base: 'AB*123' }).where('reference_id', '=', real.reference_id).execute();
    await seedAll(s.services, { ratebookRows: 300 });
    const rows = await db.selectFrom('ratebook').select(['reference_id', 'jato_imagepath_trim', 'jato_imagepath_base']).where('reference_id', 'in', [old.reference_id, real.reference_id]).orderBy('reference_id').execute();
    expect(rows.map((r) => [r.jato_imagepath_trim, r.jato_imagepath_base])).toEqual([[null, null], ['https://x.blob.core.windows.net/t.jpg', 'AB*123']]);
    await db.updateTable('ratebook').set({ jato_imagepath_trim: null, jato_imagepath_base: null }).where('reference_id', '=', real.reference_id).execute();
  }, 60_000);

  it('covers every status of every flow that drives one, each role, both regions, wet and digital', async () => {
    const apps = await s.database.db.selectFrom('applications').select(['record', 'region', 'brand_id', 'application_type']).execute();
    for (const [id, flow] of Object.entries(definitions().defs.flows)) {
      if (!flow.status || definitions().defs.flowFiles[id]?.includes('/_examples/')) continue;
      for (const value of flow.status.order) expect(apps.some((a) => get(a.record, flow.status!.field) === value), `${id}: ${value}`).toBe(true);
    }
    expect(new Set(apps.map((a) => a.region))).toEqual(new Set(['AU', 'NZ']));
    expect(new Set(apps.map((a) => a.brand_id))).toEqual(new Set(['acme-au', 'kiwi-nz', 'introducer-au']));
    const signTypes = new Set(apps.map((a) => get(a.record, 'scoreboard.wetSignature.signType')));
    expect(signTypes).toEqual(new Set(['wet', 'digital']));
    const roles = new Set((await demoLogins(s.services)).users.map((u) => u.role));
    expect(roles).toEqual(new Set(['primary', 'secondary', 'calculator', 'user']));
  });

  it('seeds records that pass the record schemas (scoreboard, calculator) as merged for their brand and region', async () => {
    const apps = await s.database.db.selectFrom('applications').select(['id', 'record', 'region', 'brand_id']).execute();
    const failures: string[] = [];
    for (const a of apps) {
      const layers = definitions().layers({ brand: a.brand_id, region: a.region.toLowerCase() });
      for (const root of Object.keys(RECORD_SCHEMAS)) {
        const value = (a.record as Record<string, unknown>)[root];
        if (value === undefined) continue;
        try {
          assertValid(layers, root, value);
        } catch (e) {
          failures.push(`${a.id} ${root}: ${e instanceof EnforceError ? JSON.stringify(e.details.fields) : String(e)}`);
        }
      }
    }
    expect(apps.length).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('seeds statuses the flows reach: each non-initial status has a transition into it whose guard holds on the record', async () => {
    const apps = await s.database.db.selectFrom('applications').select(['id', 'record', 'application_type', 'primary_user_id']).execute();
    const failures: string[] = [];
    for (const a of apps) {
      const context = { record: a.record, user: { id: a.primary_user_id, member: 'primary' } };
      for (const flow of flowsFor(definitions().defs, a.application_type)) {
        const status = get(a.record, flow.status!.field);
        if (status === undefined || status === flow.status!.initial) continue;
        const ways = eachTransition(flow).filter((site) => site.transition.status === status);
        if (!ways.some((site) => definitions().logic.holds(site.transition.guard, context))) failures.push(`${a.id} ${flow.id}: ${String(status)} (${ways.map((w) => w.event).join(', ') || 'no transition'})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('seeds only completion flags whose step is complete (flows\' step `completion`)', async () => {
    const apps = await s.database.db.selectFrom('applications').select(['id', 'record', 'application_type', 'primary_user_id', 'brand_id', 'region']).execute();
    const failures: string[] = [];
    let checked = 0;
    for (const a of apps) {
      const layers = definitions().layers({ brand: a.brand_id, region: a.region.toLowerCase() });
      // As the server checks a completion: the rules read the selection's settings too (credit limit, sole traders).
      const context = { record: a.record, user: { id: a.primary_user_id, member: 'primary' }, settings: layers.settings };
      for (const completion of completionsFor(definitions().defs, a.application_type)) {
        if (get(a.record, completion.def.flag) !== completion.def.value) continue;
        checked++;
        try {
          assertComplete(layers, completion, context, definitions().logic);
        } catch (e) {
          failures.push(`${a.id} ${completion.def.flag}: ${(e as Error).message}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('gives every demo user exactly one application (none for the no-application logins), where the flows derive their role', async () => {
    const logins = (await demoLogins(s.services)).users;
    const users = await s.database.db.selectFrom('users').select(['id', 'email']).execute();
    const apps = await s.database.db.selectFrom('applications').select(['id', 'primary_user_id', 'secondary_user_id']).execute();
    for (const l of logins) {
      const u = users.find((x) => x.email === l.email);
      expect(u, l.email).toBeDefined();
      expect(apps.filter((a) => a.primary_user_id === u!.id || a.secondary_user_id === u!.id), l.email).toHaveLength(l.status === 'none' ? 0 : 1);
    }
  });

  it('lists every demo login in docs/demo-logins.md, and nothing else', async () => {
    const logins = (await demoLogins(s.services)).users.map((u) => u.email).sort();
    const table = readFileSync(join(__dirname, '../../../docs/demo-logins.md'), 'utf8');
    const listed = [...table.matchAll(/^\|[^|\n]*\|[^|\n]*\|[^|\n]*\|[^|\n]*\| ([^|\s]+@demo\.example) \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(logins);
  });

  it('seeds valid ABNs and NZBNs and the industry tree', async () => {
    const rows = await s.database.db.selectFrom('businesses').select(['region', 'business_number']).execute();
    expect(rows.length).toBeGreaterThan(20);
    expect([...new Set(rows.map((r) => r.region))].sort()).toEqual(['AU', 'NZ']);
    // Every number passes its region's check; a business known by name only (an NZ sole trader without an NZBN) has none.
    for (const r of rows.filter((x) => x.business_number !== '')) expect(s.services.regions.get(r.region)?.businessNumber.valid(r.business_number), r.business_number).toBe(true);
    const nameOnly = await s.database.db.selectFrom('businesses').select(['region', 'entity_type']).where('business_number', '=', '').execute();
    expect(nameOnly).toEqual([{ region: 'NZ', entity_type: 'Sole_Trader' }]);
    // The registry's entity types are the codes spec 002 s4 names (AU IND, PRV, PUB eligible; NZ ULTD, LTD, Sole_Trader).
    const types = await s.database.db.selectFrom('businesses').select(['region', 'entity_type']).distinct().execute();
    expect(types.filter((t) => t.region === 'NZ').map((t) => t.entity_type).sort()).toEqual(['LTD', 'PART', 'Sole_Trader', 'TRUST', 'ULTD']);
    // Sub division and sub group ids carry '/' (the spec's client sends them with '|').
    expect((await s.database.db.selectFrom('sub_divisions').select('doc_id').execute()).every((r) => r.doc_id.includes('/') && !r.doc_id.includes('|'))).toBe(true);
    const groups = await s.database.db.selectFrom('sub_groups').select('doc_id').execute();
    expect(groups.length).toBeGreaterThan(20);
  });

  it("seeds calculator shortlists as full rows of the region's own rate book (year, fuel, transmission, drivetrain, RRP)", async () => {
    const apps = await s.database.db.selectFrom('applications').select(['id', 'record', 'region']).where('application_type', '=', 'calculator').execute();
    expect(new Set(apps.map((a) => a.region))).toEqual(new Set(['AU', 'NZ']));
    for (const a of apps) {
      const items = get(a.record, 'calculator.shortlists') as Record<string, unknown>[];
      expect(items.length, a.id).toBe(3);
      for (const item of items) {
        const row = await s.database.db.selectFrom('ratebook').selectAll().where('reference_id', '=', String(item.referenceId)).executeTakeFirstOrThrow();
        expect(row.country_code, `${a.id} ${String(item.referenceId)}`).toBe(a.region);
        expect(item).toMatchObject({
          catalogVehicleId: row.catalog_vehicle_id, catalogYear: row.catalog_year, vehicleFueltype: row.vehicle_fueltype, vehicleTransmissiongroup: row.vehicle_transmissiongroup,
          vehicleDrivetrain: row.vehicle_drivetrain, consumerPrice: row.consumer_price, weekLeaseprice: row.week_leaseprice, monthLeaseprice: row.month_leaseprice, duration: 48,
        });
      }
    }
  });

  it('fills the rate book and the make/model cache', async () => {
    const n = await s.database.db.selectFrom('ratebook').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(n.n).toBe('300');
    const mm = await s.database.db.selectFrom('make_model_cache').selectAll().execute();
    expect(mm.length).toBeGreaterThan(3);
    for (const r of mm) expect(r.make).toBe(r.make.toUpperCase());
  });
});

describe('rate-book generator', () => {
  it('produces 100,000 distinct realistic rows', () => {
    const refs = new Set<string>();
    const makes = new Set<string>();
    const fuels = new Set<string>();
    const bodies = new Set<string>();
    for (const r of ratebookRows(100_000)) {
      refs.add(r.reference_id);
      makes.add(r.vehicle_make);
      fuels.add(r.vehicle_fueltype ?? '');
      bodies.add(r.vehicle_bodytype ?? '');
      expect(r.week_leaseprice).toBeLessThan(r.month_leaseprice);
      if (refs.size === 1) expect(r.consumer_price).toBeGreaterThan(10_000);
    }
    expect(refs.size).toBe(100_000);
    expect(makes.size).toBeGreaterThanOrEqual(8);
    expect(fuels).toEqual(new Set(['ELECTRIC', 'HYBRID', 'PETROL', 'DIESEL']));
    expect(bodies).toEqual(new Set(['SEDAN', 'VAN', 'SUV', 'UTE']));
  }, 60_000);
});
