/**
 * The address sandbox: answers from the seeded gazetteer (`address_gazetteer`, server/seed/data/addresses.yaml).
 * A suggestion matches when every word of the query is part of its label (case-insensitive, any order), in the
 * countries asked for, ordered by label. Its controls (docs/sandboxes.md): a query matching no address
 * answers none; a query containing the word {@link SANDBOX_ADDRESS_ERROR} fails as a provider that is down.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { AddressProviderError, type AddressProvider } from './addressProvider';

/** The word that makes the sandbox fail like an unavailable provider (suggestions and details). */
export const SANDBOX_ADDRESS_ERROR = 'sandboxerror';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const words = (text: string) => text.toLowerCase().split(/[\s,]+/).filter(Boolean);

/** The sandbox provider over the gazetteer table. */
export function sandboxAddressProvider(db: Kysely<Database>): AddressProvider {
  return {
    name: 'sandbox',
    async suggestions(query, countries, limit) {
      const terms = words(query);
      if (terms.includes(SANDBOX_ADDRESS_ERROR)) throw new AddressProviderError('address sandbox: asked to fail (the query holds the error word)');
      if (!terms.length || !countries.length) return [];
      let q = db.selectFrom('address_gazetteer').select(['id', 'label']).where('country_code', 'in', countries);
      for (const term of terms) q = q.where(sql<boolean>`search like ${`%${escapeLike(term)}%`} escape '\\'`);
      return q.orderBy('label').orderBy('id').limit(limit).execute();
    },
    async details(id) {
      if (id.includes(SANDBOX_ADDRESS_ERROR)) throw new AddressProviderError('address sandbox: asked to fail (the id holds the error word)');
      const r = await db.selectFrom('address_gazetteer').selectAll().where('id', '=', id).executeTakeFirst();
      if (!r) return null;
      return { subPremise: r.sub_premise, streetNo: r.street_no, streetName: r.street_name, suburb: r.suburb, state: r.state, postCode: r.post_code, country: r.country, countryCode: r.country_code, label: r.label };
    },
  };
}
