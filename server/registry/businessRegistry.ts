/**
 * Business registry lookup (spec 001 s3, 002 s3 'Business search result'): by business number or name, per
 * region. Which number a region uses and how its check digit is checked is the region's data
 * (regions/*.yaml `settings.businessNumber`, validators in extensions/businessNumbers). The sandbox answers
 * from the seeded `businesses` table; a real adapter (ABR, NZBN API ...) implements the same interface.
 */
import { sql, type Kysely } from 'kysely';
import type { BusinessNumberCheck } from '../productExtensions';
import type { Database } from '../db';

/** A lookup: a business number (digits, spaces allowed) or part of a name. */
export interface BusinessQuery {
  param: string;
  /** Region code, upper case (e.g. `AU`). */
  region: string;
  /** The region's business number: what a full number is and whether its check holds. */
  numbers: BusinessNumberCheck;
  /** Most rows answered. */
  limit: number;
  /** Shortest name searched. */
  minLength: number;
}

/** One registry row (BusinessInfoRow in reference.graphql; `abn` holds the region's number, as the API names it). */
export interface BusinessRow {
  /** Null for a business known by name only (an NZ sole trader without an NZBN, spec 001 s3). */
  abn: string | null;
  name: string;
  status: string;
  stateCode: string | null;
  postCode: string | null;
  entityType: string;
  registerNumber: string | null;
  contactDetail: null;
}

/** `ok` (rows may be empty), `invalid` (a full number whose check digit fails), `tooShort` (name under the minimum). */
export type BusinessLookupStatus = 'ok' | 'invalid' | 'tooShort';

/** The business registry provider. */
export interface BusinessRegistry {
  readonly name: string;
  lookup(query: BusinessQuery): Promise<{ status: BusinessLookupStatus; rows: BusinessRow[] }>;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The sandbox registry over the `businesses` table. */
export function sandboxBusinessRegistry(db: Kysely<Database>): BusinessRegistry {
  return {
    name: 'sandbox',
    async lookup({ param, region, numbers, limit, minLength }) {
      const text = param.trim();
      const number = numbers.fullNumber(text);
      let query = db.selectFrom('businesses').selectAll().where('region', '=', region);
      if (number) {
        if (!numbers.valid(number)) return { status: 'invalid', rows: [] };
        query = query.where('business_number', '=', number);
      } else if (/^[\d\s-]+$/.test(text) && text.replace(/\D/g, '').length >= minLength) {
        query = query.where('business_number', 'like', `${text.replace(/\D/g, '')}%`);
      } else {
        if (text.length < minLength) return { status: 'tooShort', rows: [] };
        query = query.where(sql<boolean>`lower(name) like ${`%${escapeLike(text.toLowerCase())}%`} escape '\\'`);
      }
      const rows = await query.orderBy('name').orderBy('business_number').limit(limit).execute();
      return {
        status: 'ok',
        // A business known by name only (an NZ sole trader without an NZBN) has no number: null, as the real registry answers.
        rows: rows.map((r) => ({ abn: r.business_number || null, name: r.name, status: r.status, stateCode: r.state_code, postCode: r.post_code, entityType: r.entity_type, registerNumber: r.business_number || null, contactDetail: null })),
      };
    },
  };
}
