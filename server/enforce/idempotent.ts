/** Submit-type mutations answer a replay with the first answer (idempotency_keys table). */
import type { Kysely } from 'kysely';
import { jsonb, type Database, type JsonValue } from '../db';

/**
 * Run `fn` once per (scope, key): a repeat returns the stored answer without running it again.
 * Only successful answers are stored, so a failed submit can be retried.
 * @example await idempotent(db, 'submitCreditCheck', applicationId, userId, () => bureau.submit(app))
 */
export async function idempotent<T extends JsonValue>(db: Kysely<Database>, scope: string, key: string, userId: string | null, fn: () => Promise<T>): Promise<T> {
  const seen = await db.selectFrom('idempotency_keys').select('response').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  if (seen) return seen.response as T;
  const answer = await fn();
  const stored = await db
    .insertInto('idempotency_keys')
    .values({ scope, key, user_id: userId, response: jsonb(answer) })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('response')
    .executeTakeFirst();
  if (stored) return answer;
  // Another request stored its answer first: everyone gets that one.
  const first = await db.selectFrom('idempotency_keys').select('response').where('scope', '=', scope).where('key', '=', key).executeTakeFirstOrThrow();
  return first.response as T;
}
