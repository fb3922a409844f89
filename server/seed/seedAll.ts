/** Seeds reference data and the rate book, and (demo mode only) the brands' demo users and applications; idempotent. */
import type { Kysely } from 'kysely';
import { getPath } from '../../runtime/core/source/pointer';
import { sandboxCrm } from '../crm/sandboxCrm';
import type { Database, JsonObject } from '../db';
import type { ServerServices } from '../context';
import { hashPassword } from '../auth';
import { demoMode } from '../config';
import type { BrandContext } from '../brands';
import { stableUuid, type DemoPerson } from './demoRecord';
import { seedAddresses } from './addresses';
import { sandboxCreditStore } from '../creditBureau';
import { seedRatebook } from './ratebook';
import { seedBusinesses, seedIndustries } from './referenceData';
import { allScenariosOf, emailOf, person, scenarioRecord, DEMO_DOMAIN, DEMO_PASSWORD } from './scenarioRecord';
import type { BrandSlot, Scenario } from './scenarios';

export { DEMO_DOMAIN, DEMO_PASSWORD };


/** One demo login. */
export interface DemoLogin { email: string; role: string; region: string; brand: string; status: string; summary: string; applicationId: string }


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
  return allScenariosOf(services.definitions.defs);
}

/** Demo logins with no application at all (they land on the no-application screen, /applications). */
export const NO_APPLICATION_USERS: readonly { key: string; brand: BrandSlot }[] = [{ key: 'noapplication.au', brand: 'au' }, { key: 'noapplication.nz', brand: 'nz' }];
/** The status column of the demo table for a login with no application. */
const NO_APPLICATION = 'none';

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
  const { applicationId: appId, record, people: { main, companion, primary, secondary } } = scenarioRecord(s, index, brand.region, String((brand.settings.organisation as { name?: unknown } | undefined)?.name ?? brand.id));
  await upsertUser(main);
  if (companion) await upsertUser(companion);
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
  // The credit-bureau sandbox's answer for this primary officer's submissions (kept when set already).
  if (s.bureau && primary) await sandboxCreditStore(db).seed(primary.email, s.bureau);
  if (inserted && s.applicationType === 'calculator') await seedCalculatorCustomer(db, s, record, { applicationId: appId, userId: main.id }, brand.region);
  return { users, applications: inserted ? 1 : 0, applicationId: appId, email: main.email };
}

/**
 * What a calculator customer's providers know (spec 002 s4 'Credit application start'): the business registry's row of
 * their company (its number and the record's entity type, which eligibility reads through getBusinessInfo) and the
 * CRM sandbox's records when the scenario gives them (else the sandbox's defaults: registered online).
 */
async function seedCalculatorCustomer(db: Kysely<Database>, s: Scenario, record: JsonObject, who: { applicationId: string; userId: string }, region: string): Promise<void> {
  const company = (getPath(record, 'scoreboard.companyDetails') ?? {}) as { abn?: string; nzbn?: string; companyName?: string };
  const number = company.abn ?? company.nzbn;
  const entityType = getPath(record, 'scoreboard.entityDetails.entityType');
  if (number && typeof entityType === 'string') await seedBusinesses(db, [{ region: region.toUpperCase(), number, name: company.companyName ?? number, entityType }], { sampleToo: false });
  if (s.crm) await sandboxCrm(db).set(who, s.crm);
}

/**
 * The reference data the providers answer from, in every mode (production too): the industry tree, the
 * address gazetteer, the business-registry sample (with the introducer brand's own ABN) and `ratebookRows`
 * rows of the rate book. No account, no application. Safe to run again (existing rows are kept).
 */
export async function seedReferenceData(services: ServerServices, options: { ratebookRows?: number } = {}): Promise<{ ratebook: number }> {
  const db = services.database.db;
  await seedIndustries(db);
  await seedAddresses(db);
  const introducer = brandFor(services, 'introducer');
  const introAbn = String((introducer.settings.whiteLabel as { abn?: unknown } | undefined)?.abn ?? (introducer.settings.abn ?? ''));
  await seedBusinesses(db, /^\d{11}$/.test(introAbn) ? [{ region: 'AU', number: introAbn, name: 'Introducer Partners', entityType: 'PRV' }] : []);
  return { ratebook: await seedRatebook(db, options.ratebookRows ?? services.config.seedRatebookRows) };
}

/**
 * The demo accounts (password {@link DEMO_PASSWORD}) and their applications. Nothing outside demo mode
 * (`demoMode`, server/config.ts): production never gets an account with a known password, whatever `DEMO` says.
 */
export async function seedDemoData(services: ServerServices): Promise<{ users: number; applications: number }> {
  if (!demoMode(services.config)) return { users: 0, applications: 0 };
  const db = services.database.db;
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
  return { users, applications };
}

/** Seed the reference data, and the demo data in demo mode only; `ratebookRows` rows of the rate book. Safe to run again (existing rows are kept). */
export async function seedAll(services: ServerServices, options: { ratebookRows?: number } = {}): Promise<{ users: number; applications: number; ratebook: number }> {
  const { ratebook } = await seedReferenceData(services, options);
  return { ...(await seedDemoData(services)), ratebook };
}

/**
 * How many demo logins (users of the demo domain with a password) the database holds: none unless a demo
 * start or `npm run seed` in demo mode wrote them. Production seeds none; it warns when it finds some.
 */
export async function demoLoginCount(services: ServerServices): Promise<number> {
  const row = await services.database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('email', 'like', `%@${DEMO_DOMAIN}`)
    .where('password_hash', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Seed at start: the reference data on first start (an empty industry table), the demo data in demo mode
 * when there is no account yet; in production a warning names demo logins an earlier demo start left
 * ({@link demoLoginCount}). Answers whether anything was seeded.
 */
export async function seedIfEmpty(services: ServerServices): Promise<boolean> {
  const db = services.database.db;
  const started = Date.now();
  let seeded = false;
  if (!(await db.selectFrom('industries').select('doc_id').limit(1).executeTakeFirst())) {
    const result = await seedReferenceData(services);
    services.log.info({ ...result, ms: Date.now() - started }, 'seeded reference data');
    seeded = true;
  } else if (!(await db.selectFrom('address_gazetteer').select('id').limit(1).executeTakeFirst())) {
    // A database seeded before the address gazetteer existed (migration 0008) gets it now: the sandbox answers from it.
    await seedAddresses(db);
  }
  if (demoMode(services.config)) {
    if (!(await db.selectFrom('users').select('id').limit(1).executeTakeFirst())) {
      const result = await seedDemoData(services);
      services.log.info({ ...result, ms: Date.now() - started }, 'seeded demo data');
      seeded = true;
    }
  } else if (services.config.production) {
    const left = await demoLoginCount(services);
    if (left) services.log.warn({ users: left, domain: DEMO_DOMAIN }, 'demo logins with the published password are in this database (seeded in demo mode): remove them before serving the public');
  }
  return seeded;
}

/** The demo logins for printing and the table in docs/demo-logins.md. */
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
