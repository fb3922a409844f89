/**
 * The session of a request and the user's active application, read in ONE statement (sessions join
 * users, left join lateral the newest application the user is a member of). Every signed-in request
 * reads the database once for both; the access check of the first member resolver then needs no query.
 * @example
 * const session = await readRequestSession(db, cookieValue, idleRule); // { user, idHash, idle, activeApplication } | null
 */
import { CompiledQuery, type Kysely } from 'kysely';
import { sessionIdHash, settleSession, type IdleRule, type SessionIdleState, type SessionRow, type SessionUser } from '../auth';
import type { Database } from '../db';
import { toSnapshot, type AppSnapshot, type SnapshotRow } from '../enforce';

/** What the context keeps of a live session. */
export interface RequestSession {
  user: SessionUser;
  /** SHA-256 of the session id (for logout). */
  idHash: string;
  /** The session's idle clock (settled by this request). */
  idle: SessionIdleState;
  /** The brand the session was created on: the session is valid on that brand's hosts only. */
  brandId: string;
  /** The user's active application (newest where primary or secondary member), or null when none. */
  activeApplication: AppSnapshot | null;
}

// Fixed text: prepared once on PGlite, parsed and planned once per connection on PostgreSQL's side of pg.
const SESSION_AND_ACTIVE_APPLICATION = `select u.id, u.email, u.first_name, u.last_name, u.brand_id, u.region, s.expires_at, s.last_seen_at, s.idle_seconds, s.brand_id as session_brand_id,
  a.id as app_id, a.application_type, a.application_status, a.brand_id as app_brand_id, a.region as app_region,
  a.record, a.version, a.definition_version, a.primary_user_id, a.secondary_user_id
from sessions s
join users u on u.id = s.user_id
left join lateral (
  select id, application_type, application_status, brand_id, region, record, version, definition_version, primary_user_id, secondary_user_id
  from applications
  where primary_user_id = s.user_id or secondary_user_id = s.user_id
  order by updated_at desc, id
  limit 1
) a on true
where s.id_hash = $1`;

type Row = SessionRow & Omit<SnapshotRow, 'id' | 'brand_id' | 'region'> & { session_brand_id: string; app_id: string | null; app_brand_id: string; app_region: string };

/** Read the session of a cookie value with the user's active application; null when there is no live session (ended, idle past `idle`). */
export async function readRequestSession(db: Kysely<Database>, cookieValue: string, idle: IdleRule): Promise<RequestSession | null> {
  const idHash = sessionIdHash(cookieValue);
  if (!idHash) return null;
  const { rows } = await db.executeQuery<Row>(CompiledQuery.raw(SESSION_AND_ACTIVE_APPLICATION, [idHash]));
  const row = rows[0];
  if (!row) return null;
  const settled = await settleSession(db, idHash, row, idle);
  if (!settled) return null;
  const activeApplication = row.app_id === null ? null : toSnapshot({ ...row, id: row.app_id, brand_id: row.app_brand_id, region: row.app_region });
  return { user: settled.user, idHash, idle: settled.idle, brandId: row.session_brand_id, activeApplication };
}
