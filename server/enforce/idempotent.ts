/** Submit-type mutations run once per submission: a key claimed in the database before the work (idempotency_keys). */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { jsonb, type Database, type JsonValue } from '../db';
import { refuse } from './errors';

/** How long a replay waits for the run that claimed its key before it is told to retry. */
const WAIT_MS = 20_000;
/** How often a waiting replay reads the claim again. */
const POLL_MS = 25;

/**
 * Run `fn` once per (scope, key), however often and however concurrently it is asked: the key is claimed (a row
 * without an answer, inserted before `fn` runs) and only the request that inserted it runs `fn`; every other request
 * for that key waits for the answer stored after it and answers that. A failed run gives its claim up (the row is
 * deleted, the error thrown), so the submission can be retried; a request waiting on it then claims the key itself.
 * `fn` must make the same external request when run again for the key (pass the key on as the provider's reference),
 * for a run whose process died after the provider answered.
 * @example await idempotent(db, 'submitCreditCheck', `${applicationId}:0`, userId, () => bureau.submit({ reference, ... }))
 */
export async function idempotent<T extends JsonValue>(db: Kysely<Database>, scope: string, key: string, userId: string | null, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const claimed = await db
      .insertInto('idempotency_keys')
      .values({ scope, key, user_id: userId, response: null, answered_at: null })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (claimed) return run(db, scope, key, fn);
    // Someone else holds the key: their answer, once stored.
    for (;;) {
      const row = await db.selectFrom('idempotency_keys').select(['response', 'answered_at']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
      if (!row) break; // their run failed and gave the claim up: claim it again
      if (row.answered_at) return row.response as T;
      if (Date.now() > deadline) throw refuse('CONFLICT', `this ${scope} is still being processed: retry in a moment`, { scope });
      await sleep(POLL_MS);
    }
  }
}

/** Run the claimed key's work and store its answer; on failure give the claim up. */
async function run<T extends JsonValue>(db: Kysely<Database>, scope: string, key: string, fn: () => Promise<T>): Promise<T> {
  let answer: T;
  try {
    answer = await fn();
  } catch (e) {
    await db.deleteFrom('idempotency_keys').where('scope', '=', scope).where('key', '=', key).where('answered_at', 'is', null).execute();
    throw e;
  }
  await db.updateTable('idempotency_keys').set({ response: jsonb(answer), answered_at: new Date() }).where('scope', '=', scope).where('key', '=', key).execute();
  return answer;
}
