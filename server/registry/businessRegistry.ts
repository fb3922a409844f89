/**
 * Business registry lookup (ABN for AU, NZBN for NZ; spec 001 s3, 002 s3 'Business search result').
 * The sandbox validates check digits (ABN mod 89, NZBN GS1) and answers from the seeded `businesses` table;
 * a real adapter (ABR / NZBN API) implements the same interface.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { isValidAbn, isValidNzbn } from '../seed/referenceData';

/** A lookup: a business number (digits, spaces allowed) or part of a name. */
export interface BusinessQuery {
  param: string;
  /** `AU` or `NZ`. */
  region: 'AU' | 'NZ';
  /** Most rows answered. */
  limit: number;
  /** Shortest name searched. */
  minLength: number;
}

/** One registry row (BusinessInfoRow in reference.graphql). */
export interface BusinessRow {
  abn: string;
  name: string;
  status: string;
  stateCode: string | null;
  postCode: string | null;
  entityType: string;
  registerNumber: string;
  contactDetail: null;
}

/** `ok` (rows may be empty), `invalid` (a full number whose check digit fails), `tooShort` (name under the minimum). */
export type BusinessLookupStatus = 'ok' | 'invalid' | 'tooShort';

/** The business registry provider. */
export interface BusinessRegistry {
  readonly name: string;
  lookup(query: BusinessQuery): Promise<{ status: BusinessLookupStatus; rows: BusinessRow[] }>;
}

/** Digits of a full business number of the region (11 for an ABN, 13 for an NZBN), or null. */
export function businessNumberOf(param: string, region: 'AU' | 'NZ'): string | null {
  const digits = param.replace(/[\s-]/g, '');
  return /^\d+$/.test(digits) && digits.length === (region === 'AU' ? 11 : 13) ? digits : null;
}

/** Whether a full business number passes its region's check digit. */
export const validBusinessNumber = (digits: string, region: 'AU' | 'NZ'): boolean => (region === 'AU' ? isValidAbn(digits) : isValidNzbn(digits));

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The sandbox registry over the `businesses` table. */
export function sandboxBusinessRegistry(db: Kysely<Database>): BusinessRegistry {
  return {
    name: 'sandbox',
    async lookup({ param, region, limit, minLength }) {
      const text = param.trim();
      const number = businessNumberOf(text, region);
      let query = db.selectFrom('businesses').selectAll().where('region', '=', region);
      if (number) {
        if (!validBusinessNumber(number, region)) return { status: 'invalid', rows: [] };
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
        rows: rows.map((r) => ({ abn: r.business_number, name: r.name, status: r.status, stateCode: r.state_code, postCode: r.post_code, entityType: r.entity_type, registerNumber: r.business_number, contactDetail: null })),
      };
    },
  };
}
