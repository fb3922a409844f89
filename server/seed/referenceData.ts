/** Industries / sub divisions / sub groups and the demo business-registry sample of AU and NZ (valid ABN and NZBN check digits). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { parse } from 'yaml';
import { productExtensions } from '../productExtensions';
import type { Database } from '../db';

const DATA = join(import.meta.dirname, 'data');
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The ABN whose last nine digits are `suffix` (first two digits chosen to pass the check). */
export function abnFor(suffix: number): string {
  const tail = String(suffix % 1e9).padStart(9, '0');
  for (let p = 10; p <= 99; p++) if (productExtensions.businessNumberValidators.abn(`${p}${tail}`)) return `${p}${tail}`;
  return abnFor(suffix + 1);
}
/** An NZBN: prefix 9429 then 8 digits then the check digit. */
export function nzbnFor(serial: number): string {
  const first12 = `9429${String(serial % 1e8).padStart(8, '0')}`;
  for (let d = 0; d <= 9; d++) if (productExtensions.businessNumberValidators.gs1(`${first12}${d}`)) return `${first12}${d}`;
  throw new Error(`no GS1 check digit for ${first12}`);
}

interface IndustryDef { name: string; subDivisions: { name: string; subGroups: string[] }[] }

/** Upsert the industry tree (doc ids are slugs; sub division ids are `industry/subdivision`, sub group ids `industry/subdivision/group`: the '/' the spec's client sends as '|'). */
export async function seedIndustries(db: Kysely<Database>): Promise<void> {
  const tree = parse(readFileSync(join(DATA, 'industries.yaml'), 'utf8')) as IndustryDef[];
  // Ids an earlier seed wrote with '|' where the real ids have '/'.
  await db.deleteFrom('sub_groups').where('doc_id', 'like', '%|%').execute();
  await db.deleteFrom('sub_divisions').where('doc_id', 'like', '%|%').execute();
  for (const ind of tree) {
    const industryId = slug(ind.name);
    await db.insertInto('industries').values({ doc_id: industryId, name: ind.name }).onConflict((oc) => oc.column('doc_id').doUpdateSet({ name: ind.name })).execute();
    for (const sd of ind.subDivisions) {
      const sdId = `${industryId}/${slug(sd.name)}`;
      await db.insertInto('sub_divisions').values({ doc_id: sdId, industry_id: industryId, name: sd.name }).onConflict((oc) => oc.column('doc_id').doUpdateSet({ name: sd.name })).execute();
      for (const sg of sd.subGroups) {
        await db
          .insertInto('sub_groups')
          .values({ doc_id: `${sdId}/${slug(sg)}`, industry_id: industryId, sub_division_id: sdId, name: sg })
          .onConflict((oc) => oc.column('doc_id').doUpdateSet({ name: sg }))
          .execute();
      }
    }
  }
}

/** A business the registry knows by name only (no business number: an NZ sole trader without an NZBN, spec 001 s3). */
interface NameOnly { name: string; entityType: string; state: string; postCode: string }
interface RegionSample { entityTypes: string[]; states: [string, string][]; names: string[]; withoutNumber?: NameOnly[] }

/** Upsert the business-registry sample; answers the businesses by region for the demo applications. */
export async function seedBusinesses(db: Kysely<Database>, extra: { region: string; number: string; name: string; entityType: string }[] = [], options: { sampleToo?: boolean } = {}): Promise<void> {
  // `sampleToo: false`: only the extra rows (a demo application's own company).
  const data = options.sampleToo === false ? {} : (parse(readFileSync(join(DATA, 'businesses.yaml'), 'utf8')) as Record<string, RegionSample>);
  const rows = Object.entries(data).flatMap(([region, s]) =>
    s.names.map((name, i) => {
      const [state, post] = s.states[i % s.states.length];
      return {
        region,
        business_number: region === 'AU' ? abnFor(123456789 + i * 7919) : nzbnFor(10000000 + i * 104729),
        name,
        entity_type: s.entityTypes[i % s.entityTypes.length],
        post_code: post,
        state_code: state,
        registered_on: `${2005 + (i % 18)}-0${1 + (i % 9)}-15`,
        status: i % 10 === 9 ? 'cancelled' : 'active',
      };
    }),
  );
  // Known by name only: the number is empty (one such row per region: the table keys rows by region and number).
  for (const [region, s] of Object.entries(data)) {
    for (const b of s.withoutNumber ?? []) rows.push({ region, business_number: '', name: b.name, entity_type: b.entityType, post_code: b.postCode, state_code: b.state, registered_on: '2015-01-15', status: 'active' });
  }
  for (const e of extra) rows.push({ region: e.region, business_number: e.number, name: e.name, entity_type: e.entityType, post_code: null as never, state_code: null as never, registered_on: '2010-01-01', status: 'active' });
  // The entity type follows the sample (an earlier seed used other codes).
  await db.insertInto('businesses').values(rows).onConflict((oc) => oc.columns(['region', 'business_number']).doUpdateSet((eb) => ({ entity_type: eb.ref('excluded.entity_type') }))).execute();
}
