/** Seeds brands' demo users and applications, reference data and the rate book; idempotent. */
import type { ServerServices } from '../context';
import { hashPassword } from '../auth';
import type { BrandContext } from '../brands';
import { demoRecord, stableUuid, type DemoPerson } from './demoRecord';
import { seedAddresses } from './addresses';
import { seedRatebook } from './ratebook';
import { seedBusinesses, seedIndustries } from './referenceData';
import { coverageScenarios, scenarios, type BrandSlot, type Scenario } from './scenarios';

/** The password of every demo user (documented in the README and printed at start). */
export const DEMO_PASSWORD = 'Fleetform-Demo-1';
/** Demo e-mail domain (reserved for examples). */
export const DEMO_DOMAIN = 'demo.example';

/** One demo login. */
export interface DemoLogin { email: string; role: string; region: string; brand: string; status: string; summary: string; applicationId: string }

const emailOf = (key: string) => `${key}@${DEMO_DOMAIN}`;

/** The brand a scenario's slot runs under. */
export function brandFor(services: ServerServices, slot: BrandSlot): BrandContext {
  const all = services.brands.all;
  const intro = all.find((b) => /introducer/.test(b.id) || b.settings.introducer !== undefined || (b.settings.whiteLabel as { introducer?: unknown } | undefined)?.introducer !== undefined);
  if (slot === 'introducer') return intro ?? services.brands.fallback;
  const region = slot.toUpperCase();
  return all.find((b) => b.region === region && b !== intro) ?? { ...services.brands.fallback, id: slot === 'nz' ? 'kiwi-nz' : services.brands.fallback.id, region };
}

/** Every scenario including the coverage fillers, with records built for a dry run. */
export function allScenarios(services: ServerServices): Scenario[] {
  const defs = services.definitions.defs;
  const base = scenarios(defs);
  const records = base.map((s, i) => demoRecord(s, 'x', 'AU', 'x', person('x', s.key), null, i));
  return [...base, ...coverageScenarios(defs, records)];
}

/** Demo logins with no application at all (they land on the no-application screen, /applications). */
export const NO_APPLICATION_USERS: readonly { key: string; brand: BrandSlot }[] = [{ key: 'noapplication.au', brand: 'au' }, { key: 'noapplication.nz', brand: 'nz' }];
/** The status column of the demo table for a login with no application. */
const NO_APPLICATION = 'none';

/** Demo mobile numbers within each region's rule (spec 000 s5: AU exactly 10 digits, NZ 9 to 12). */
const DEMO_PHONE: Record<string, string> = { AU: '0412345678', NZ: '0211234567' };

function person(id: string, key: string, region = 'AU'): DemoPerson {
  const words = key.split(/[.-]/);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  // Letters only: names pass the record's name format (a fresh login's key carries hex digits).
  return { id, firstName: cap(words[0]), lastName: words.slice(1).map(cap).join('').replace(/[^A-Za-z]/g, ''), email: emailOf(key), phone: DEMO_PHONE[region] ?? DEMO_PHONE.AU };
}

/** Adds a demo user of the brand unless one has that e-mail already; whether it was added. */
async function insertDemoUser(db: ServerServices['database']['db'], p: DemoPerson, brand: BrandContext, passwordHash: string): Promise<boolean> {
  const row = await db
    .insertInto('users')
    .values({ id: p.id, email: p.email, first_name: p.firstName, last_name: p.lastName, phone: p.phone, password_hash: passwordHash, brand_id: brand.id, region: brand.region })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One scenario: its demo login (and the companion officer's) and its application under `brand`, as the
 * seed writes it; existing rows (same e-mail, same application id) are kept. Answers what it inserted.
 */
export async function seedScenario(services: ServerServices, s: Scenario, brand: BrandContext, index: number, passwordHash: string): Promise<{ users: number; applications: number; applicationId: string; email: string }> {
  const db = services.database.db;
  let users = 0;
  const upsertUser = async (p: DemoPerson) => {
    if (await insertDemoUser(db, p, brand, passwordHash)) users++;
  };
  const appId = stableUuid(`app:${s.key}`);
  const main = person(stableUuid(`user:${s.key}`), s.key, brand.region);
  const companion = s.withSecondary ? person(stableUuid(`user:${s.key}.other`), `${s.key}.${s.role === 'secondary' ? 'primary' : 'secondary'}`, brand.region) : null;
  const primary = s.role === 'secondary' ? companion : s.key.startsWith('primary.reassigned') || (s.role === 'calculator' && s.status === 'viewShortlist') ? null : main;
  const secondary = s.role === 'secondary' ? main : companion;
  await upsertUser(main);
  if (companion) await upsertUser(companion);
  const record = demoRecord(s, appId, brand.region, String((brand.settings.organisation as { name?: unknown } | undefined)?.name ?? brand.id), primary, secondary, index);
  const inserted = await db
    .insertInto('applications')
    .values({
      id: appId, application_type: s.applicationType, application_status: String(record.applicationStatus), brand_id: brand.id, region: brand.region,
      definition_version: services.definitions.version, record,
      // The quote recipient is the primary member even before scoreboard.primaryApplicant is set.
      primary_user_id: s.role === 'secondary' ? companion?.id ?? null : main.id, secondary_user_id: secondary?.id ?? null,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return { users, applications: inserted ? 1 : 0, applicationId: appId, email: main.email };
}

/** Seed everything; `ratebookRows` rows of the rate book. Safe to run again (existing rows are kept). */
export async function seedAll(services: ServerServices, options: { ratebookRows?: number } = {}): Promise<{ users: number; applications: number; ratebook: number }> {
  const db = services.database.db;
  await seedIndustries(db);
  await seedAddresses(db);
  const introducer = brandFor(services, 'introducer');
  const introAbn = String((introducer.settings.whiteLabel as { abn?: unknown } | undefined)?.abn ?? (introducer.settings.abn ?? ''));
  await seedBusinesses(db, /^\d{11}$/.test(introAbn) ? [{ region: 'AU', number: introAbn, name: 'Introducer Partners', entityType: 'PRV' }] : []);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let users = 0;
  let applications = 0;
  for (const [i, s] of allScenarios(services).entries()) {
    const added = await seedScenario(services, s, brandFor(services, s.brand), i, passwordHash);
    users += added.users;
    applications += added.applications;
  }
  for (const u of NO_APPLICATION_USERS) {
    const brand = brandFor(services, u.brand);
    if (await insertDemoUser(db, person(stableUuid(`user:${u.key}`), u.key, brand.region), brand, passwordHash)) users++;
  }
  const ratebook = await seedRatebook(db, options.ratebookRows ?? services.config.seedRatebookRows);
  return { users, applications, ratebook };
}

/** Seed on first start (no users yet). */
export async function seedIfEmpty(services: ServerServices): Promise<boolean> {
  const any = await services.database.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (any) {
    // A database seeded before the address gazetteer existed (migration 0008) gets it now: the sandbox answers from it.
    const gazetteer = await services.database.db.selectFrom('address_gazetteer').select('id').limit(1).executeTakeFirst();
    if (!gazetteer) await seedAddresses(services.database.db);
    return false;
  }
  const started = Date.now();
  const result = await seedAll(services);
  services.log.info({ ...result, ms: Date.now() - started }, 'seeded demo data');
  return true;
}

/** The demo logins for printing and the README table. */
export async function demoLogins(services: ServerServices): Promise<{ password: string; users: DemoLogin[] }> {
  const out: DemoLogin[] = [];
  for (const s of allScenarios(services)) {
    const brand = brandFor(services, s.brand);
    const row = { role: s.role, region: brand.region, brand: brand.id, status: s.status, summary: s.summary, applicationId: stableUuid(`app:${s.key}`) };
    out.push({ email: emailOf(s.key), ...row });
    if (s.withSecondary) out.push({ email: emailOf(`${s.key}.${s.role === 'secondary' ? 'primary' : 'secondary'}`), ...row, role: s.role === 'secondary' ? 'primary' : 'secondary', summary: `${s.role === 'secondary' ? 'primary' : 'secondary'} officer of ${s.key}` });
  }
  for (const u of NO_APPLICATION_USERS) {
    const brand = brandFor(services, u.brand);
    out.push({ email: emailOf(u.key), role: 'user', region: brand.region, brand: brand.id, status: NO_APPLICATION, summary: `signed-in user, ${brand.region}, no application (the no-application screen)`, applicationId: '' });
  }
  return { password: DEMO_PASSWORD, users: out };
}
