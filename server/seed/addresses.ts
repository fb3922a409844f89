/** The address sandbox's gazetteer (server/address): AU and NZ addresses from data/addresses.yaml, upserted by id. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { parse } from 'yaml';
import type { Database } from '../db';

const DATA = join(import.meta.dirname, 'data');

type Row = [string | null, string, string, string, string, string];
interface CountrySample { country: string; addresses: Row[] }

/** One-line address: AU 'Unit 4, 12 Smith Street, Fitzroy VIC 3065', NZ '12 Ponsonby Road, Grey Lynn, Auckland 1021'. */
export function addressLabel(countryCode: string, [subPremise, streetNo, streetName, suburb, state, postCode]: Row): string {
  const street = `${subPremise ? `${subPremise}, ` : ''}${streetNo} ${streetName}`;
  return countryCode === 'AU' ? `${street}, ${suburb} ${state} ${postCode}` : `${street}, ${suburb}, ${state} ${postCode}`;
}

/** Stable id of an address: country and the address's words, e.g. `au-unit-4-12-smith-street-fitzroy-vic-3065`. */
const idOf = (countryCode: string, label: string) => `${countryCode}-${label}`.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** The gazetteer's rows. */
export function gazetteerRows() {
  const data = parse(readFileSync(join(DATA, 'addresses.yaml'), 'utf8')) as Record<string, CountrySample>;
  return Object.entries(data).flatMap(([countryCode, sample]) => sample.addresses.map((row) => {
    const label = addressLabel(countryCode, row);
    const [subPremise, streetNo, streetName, suburb, state, postCode] = row;
    return { id: idOf(countryCode, label), country_code: countryCode, country: sample.country, sub_premise: subPremise, street_no: streetNo, street_name: streetName, suburb, state, post_code: postCode, label, search: label.toLowerCase() };
  }));
}

/** Upsert the gazetteer (safe to run again). */
export async function seedAddresses(db: Kysely<Database>): Promise<number> {
  const rows = gazetteerRows();
  await db.insertInto('address_gazetteer').values(rows).onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({
    country: eb.ref('excluded.country'), sub_premise: eb.ref('excluded.sub_premise'), street_no: eb.ref('excluded.street_no'), street_name: eb.ref('excluded.street_name'),
    suburb: eb.ref('excluded.suburb'), state: eb.ref('excluded.state'), post_code: eb.ref('excluded.post_code'), label: eb.ref('excluded.label'), search: eb.ref('excluded.search'),
  }))).execute();
  return rows.length;
}
