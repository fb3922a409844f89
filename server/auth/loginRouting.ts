/** Spec 002 section 4 'Login routing': where a user lands after sign-in. */
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../db';

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Where a signed-in user with no application lands: the no-application screen (spec 000 s2; flows/account.yaml). */
export const NO_APPLICATION_PATH = '/applications';

/** The landing path for a user's application (null: none, the no-application screen). */
export function landingFor(userId: string, app: { id: string; application_type: string; application_status: string; primary_user_id: string | null; record: JsonObject } | null, now = new Date()): string {
  if (!app) return NO_APPLICATION_PATH;
  const scoreboard = obj(app.record.scoreboard);
  const status = String(scoreboard.status ?? app.application_status ?? '');
  const mla = scoreboard.validMLADate;
  const mlaPassed = typeof mla === 'string' && mla !== '' && !Number.isNaN(Date.parse(mla)) && Date.parse(mla) < now.getTime();
  if (app.application_status === 'canceled' || status === 'canceled' || mlaPassed) return '/dashboard';
  // A calculator applicant with no primary applicant counts as primary (spec 000 section 4 'Role derivation').
  const isPrimary = app.primary_user_id === userId || app.primary_user_id === null;
  if (app.application_type === 'calculator' && isPrimary) return '/dashboard';
  return `/applications/${app.id}`;
}

/** The user's active application (newest where they are primary or secondary) and its landing path. */
export async function landingPath(db: Kysely<Database>, userId: string): Promise<string> {
  const app = await db
    .selectFrom('applications')
    .select(['id', 'application_type', 'application_status', 'primary_user_id', 'record'])
    .where((eb) => eb.or([eb('primary_user_id', '=', userId), eb('secondary_user_id', '=', userId)]))
    .orderBy('updated_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return landingFor(userId, app ?? null);
}
