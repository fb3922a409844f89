/** An application as enforcement reads it, and the logic context derived from it for a caller. */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../db';
import type { LogicContext } from '../../runtime/core/types';

/** One application row as read for a decision. */
export interface AppSnapshot {
  id: string;
  type: string;
  status: string;
  brandId: string;
  region: string;
  record: JsonObject;
  version: number;
  /** Version of the definitions the application started on. */
  definitionVersion: string;
  primaryUserId: string | null;
  secondaryUserId: string | null;
}

/** The caller as enforcement needs it. */
export interface Caller {
  id: string;
  email: string;
}

/** How the caller belongs to the application: the membership columns it matches. */
export type Membership = 'primary' | 'secondary' | null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be an application id (other strings are answered as not found, not as SQL errors). */
export const isUuid = (id: string): boolean => UUID.test(id);

const COLUMNS = ['id', 'application_type', 'application_status', 'brand_id', 'region', 'record', 'version', 'definition_version', 'primary_user_id', 'secondary_user_id'] as const;

/** Read one application (null when absent). */
export async function readSnapshot(db: Kysely<Database>, id: string): Promise<AppSnapshot | null> {
  if (!isUuid(id)) return null;
  const row = await db.selectFrom('applications').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/**
 * One query for a member's application: the given id if the user is its primary or secondary member,
 * else (no id) the user's active application (newest). Null when there is none.
 */
export async function readMemberSnapshot(db: Kysely<Database>, userId: string, id?: string | null): Promise<AppSnapshot | null> {
  if (id != null && !isUuid(id)) return null;
  let query = db
    .selectFrom('applications')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('primary_user_id', '=', userId), eb('secondary_user_id', '=', userId)]));
  query = id != null ? query.where('id', '=', id) : query.orderBy('updated_at', 'desc').orderBy('id').limit(1);
  const row = await query.executeTakeFirst();
  return row ? toSnapshot(row) : null;
}

/** An `applications` row with the snapshot's columns. */
export type SnapshotRow = { id: string; application_type: string; application_status: string; brand_id: string; region: string; record: JsonObject; version: number; definition_version: string; primary_user_id: string | null; secondary_user_id: string | null };

/** The snapshot of an `applications` row. */
export function toSnapshot(row: SnapshotRow): AppSnapshot {
  return {
    id: row.id,
    type: row.application_type,
    status: row.application_status,
    brandId: row.brand_id,
    region: row.region,
    record: row.record ?? {},
    version: row.version,
    definitionVersion: row.definition_version,
    primaryUserId: row.primary_user_id,
    secondaryUserId: row.secondary_user_id,
  };
}

/** The id of the caller's active application (newest where primary or secondary), or null. */
export async function activeApplicationId(db: Kysely<Database>, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('applications')
    .select('id')
    .where((eb) => eb.or([eb('primary_user_id', '=', userId), eb('secondary_user_id', '=', userId)]))
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The caller's membership of the application. */
export function membershipOf(app: AppSnapshot, caller: Caller): Membership {
  if (app.primaryUserId === caller.id) return 'primary';
  if (app.secondaryUserId === caller.id) return 'secondary';
  return null;
}

/** The logic context flows' `roles` and guards read: `record` and `user` (with `member`). */
export function logicContext(app: AppSnapshot, caller: Caller): LogicContext {
  return { record: app.record, user: { id: caller.id, email: caller.email, member: membershipOf(app, caller) } };
}
