/**
 * Every resolver map of the API merged into one, with each Query and Mutation field's access declared
 * (resolvers from other modules are declared by their exported access tables).
 */
import { addressResolvers } from './address';
import { authResolvers } from './auth';
import { filesResolvers } from './files';
import { idScanResolvers } from './idScan';
import { creditCheckResolvers } from './creditCheck';
import { declareFromTable, type AccessKind, type ResolverMap } from '../access';
import { applicantResolvers } from './applicants';
import { applicationResolvers } from './application';
import { referenceResolvers } from './reference';
import { scalarResolvers } from './scalars';
import { applicationTypeResolvers } from './shared';
import { catalogueResolvers } from './catalogue';
import { crmResolvers } from './crm';
import { leadResolvers } from './leads';
import { leaseSigningResolvers } from './leaseSigning';
import { shortlistResolvers } from './shortlists';
import { signingResolvers } from './signing';
import { pendingResolvers } from './unavailable';
import { userResolvers } from './user';
import { wetSignatureResolvers } from './wetSignature';

type Map = Record<string, Record<string, unknown>>;

/** Merge resolver maps type by type; a field defined twice is a programming error. */
export function mergeResolvers(...maps: Map[]): Map {
  const out: Map = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      if (typeof fields !== 'object' || fields === null || !Object.getPrototypeOf(fields) || Object.getPrototypeOf(fields) !== Object.prototype) {
        if (type in out) throw new Error(`resolver '${type}' is defined twice`);
        out[type] = fields;
        continue;
      }
      out[type] ??= {};
      for (const [field, resolver] of Object.entries(fields)) {
        if (field in out[type]) throw new Error(`resolver '${type}.${field}' is defined twice`);
        out[type][field] = resolver;
      }
    }
  }
  return out;
}

/** Access tables of modules that do not wrap their resolvers with `guard` (none: every module uses `guard`). */
export const ACCESS_TABLES: Record<string, AccessKind> = {};

/** Declare (and enforce) access on a merged map's unwrapped resolvers from {@link ACCESS_TABLES}; apply after any later merge. */
export const declareAccess = (map: ResolverMap): ResolverMap => declareFromTable(map, ACCESS_TABLES);

/** The resolvers of the whole schema (sign-in and file resolvers included, with their declared access). */
export const resolvers: ResolverMap = declareFromTable(
  mergeResolvers(scalarResolvers as unknown as Map, authResolvers as unknown as Map, filesResolvers as unknown as Map, applicationResolvers, applicantResolvers, userResolvers, referenceResolvers, wetSignatureResolvers, signingResolvers, leaseSigningResolvers, idScanResolvers, creditCheckResolvers, catalogueResolvers, addressResolvers, leadResolvers, crmResolvers, shortlistResolvers, pendingResolvers(), applicationTypeResolvers),
  ACCESS_TABLES,
);
