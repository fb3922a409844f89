/**
 * How many files an application (or an owner, for files on no application) and a slot may hold, checked
 * and reserved in one transaction that locks the application (or user) row, so concurrent requests on
 * any instance cannot both take the last place.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db';
import { FileRefused } from './fileRefused';

/** Upload URLs live 15 minutes: an unused one holds its place that long. */
export const UPLOAD_URL_TTL_SEC = 15 * 60;

/** Where a new file goes and the limits that apply there. */
export interface UploadScope {
  ownerUserId: string;
  applicationId: string | null;
  maxFilesPerApplication: number;
  /** The slot named by the upload: its concrete record path and how many files it holds. */
  slot?: { path: string; maxFiles: number };
}

/** Every `uuid` string in a record value (a slot's array, object, or front/back pair). */
export function uuidsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) uuidsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'uuid' && typeof v === 'string') out.add(v);
      else uuidsIn(v, out);
    }
  }
  return out;
}

const valueAt = (record: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((node, seg) => (node && typeof node === 'object' && Object.hasOwn(node, seg) ? (node as Record<string, unknown>)[seg] : undefined), record);

/**
 * Run `insert` only when the scope has room, holding the application's (or owner's) row lock until it
 * commits. Counted: the scope's stored files plus its upload URLs handed out in the last
 * {@link UPLOAD_URL_TTL_SEC} seconds and not refused (a refused upload spends its URL and frees its place);
 * for a slot, the files the record holds there plus the slot's recent uploads not yet attached (only the
 * slot's writers ask for those: resolvers/files.ts).
 */
export async function withUploadRoom<T>(db: Kysely<Database>, scope: UploadScope, insert: (tx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (tx) => {
    const since = new Date(Date.now() - UPLOAD_URL_TTL_SEC * 1000);
    const live = (q: ReturnType<typeof tx.selectFrom<'files'>>) => q.where((eb) => eb.or([eb('status', '=', 'uploaded'), eb.and([eb('status', '=', 'pending'), eb('created_at', '>', since)])]));
    let record: unknown;
    if (scope.applicationId) {
      const app = await tx.selectFrom('applications').select('record').where('id', '=', scope.applicationId).forUpdate().executeTakeFirst();
      if (!app) throw new FileRefused('NOT_FOUND', 'the application is gone');
      record = app.record;
    } else {
      await tx.selectFrom('users').select('id').where('id', '=', scope.ownerUserId).forUpdate().executeTakeFirst();
    }
    const held = await live(tx.selectFrom('files'))
      .select(sql<number>`count(*)::int`.as('n'))
      .where((eb) => (scope.applicationId ? eb('application_id', '=', scope.applicationId) : eb.and([eb('owner_user_id', '=', scope.ownerUserId), eb('application_id', 'is', null)])))
      .executeTakeFirstOrThrow();
    if (held.n >= scope.maxFilesPerApplication) {
      throw new FileRefused('FILE_LIMIT', `${scope.applicationId ? 'the application' : 'you'} already hold(s) ${held.n} files (at most ${scope.maxFilesPerApplication})`, { limit: scope.maxFilesPerApplication });
    }
    if (scope.slot && scope.applicationId) {
      const attached = uuidsIn(valueAt(record, scope.slot.path));
      const recent = await tx
        .selectFrom('files')
        .select('id')
        .where('application_id', '=', scope.applicationId)
        .where('slot', '=', scope.slot.path)
        .where('status', '!=', 'refused')
        .where('created_at', '>', since)
        .execute();
      for (const r of recent) attached.add(r.id);
      if (attached.size >= scope.slot.maxFiles) {
        throw new FileRefused('FILE_LIMIT', `'${scope.slot.path}' already holds ${attached.size} files (at most ${scope.slot.maxFiles})`, { limit: scope.slot.maxFiles, slot: scope.slot.path });
      }
    }
    return insert(tx);
  });
}
