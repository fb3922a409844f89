/**
 * The sandbox credit bureau: requests live in the database (`creditbureau_sandbox_requests`), one per reference. The
 * result of a new request:
 * 1. secondary_idscan_not_complete when an officer's identity is not completed (derived from the record the portal
 *    describes; never seeded, never a control);
 * 2. else the person's control (a demo control, used up; or a seeded standing outcome), else anyone's (`*`);
 * 3. else the client's testing value (accept, decline, refer, none: the portal passes it outside production only);
 * 4. else refer (the bureau's underwriters decide).
 * An outcome `none` is a request without a result (pending) until a demo control decides it. Deterministic: nothing
 * changes by itself. docs/sandboxes.md documents it.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import type { CreditAnswer, CreditBureauProvider, CreditResult } from './creditBureauProvider';

/** What a control (or a seeded outcome) makes a request: a result, or none (pending). */
export type SandboxOutcome = 'approved' | 'declined' | 'refer' | 'none';
/** The control outcomes. */
export const SANDBOX_OUTCOMES: readonly SandboxOutcome[] = ['approved', 'declined', 'refer', 'none'];
/** The control key that applies to anyone's next request. */
export const ANYONE = '*';
/** The client's testing values the sandbox reads (the spec's client sends accept). */
export const TESTING_VALUES: Readonly<Record<string, SandboxOutcome>> = { accept: 'approved', decline: 'declined', refer: 'refer', none: 'none' };
/** The result when nothing chose one. */
const DEFAULT_OUTCOME: SandboxOutcome = 'refer';

const resultOf = (outcome: SandboxOutcome): CreditResult | null => (outcome === 'none' ? null : outcome);
const toAnswer = (row: { reference: string; result: string | null }): CreditAnswer => ({ reference: row.reference, status: row.result ? 'complete' : 'pending', result: row.result as CreditResult | null });

/** The sandbox's store, shared by the provider, its demo controls and the seed. */
export interface SandboxCreditStore {
  /** Demo control: the outcome the next request of `key` (an e-mail, or {@link ANYONE}) gets; `standing`: every request of theirs. */
  setNext(key: string, outcome: SandboxOutcome, standing?: boolean): Promise<void>;
  /** Seed: a standing outcome for `email`, unless one is set already. */
  seed(email: string, outcome: SandboxOutcome): Promise<void>;
  /** Demo control: the controls waiting. */
  pending(): Promise<{ key: string; outcome: string; standing: boolean }[]>;
  /** Demo control: give a request without a result (`none`) its result; answers the request after it (unchanged when it had one), or null. */
  decide(reference: string, outcome: Exclude<SandboxOutcome, 'none'>): Promise<CreditAnswer | null>;
  /** The requests of an application, oldest first. */
  requestsOf(applicationId: string): Promise<CreditAnswer[]>;
}

/** The sandbox's store over `db`. */
export function sandboxCreditStore(db: Kysely<Database>): SandboxCreditStore {
  return {
    async setNext(key, outcome, standing = false) {
      await db.insertInto('creditbureau_sandbox_controls').values({ subject_key: key, outcome, standing }).onConflict((c) => c.column('subject_key').doUpdateSet({ outcome, standing, created_at: new Date() })).execute();
    },
    async seed(email, outcome) {
      await db.insertInto('creditbureau_sandbox_controls').values({ subject_key: email.toLowerCase(), outcome, standing: true }).onConflict((c) => c.column('subject_key').doNothing()).execute();
    },
    async pending() {
      return (await db.selectFrom('creditbureau_sandbox_controls').select(['subject_key', 'outcome', 'standing']).orderBy('created_at').orderBy('subject_key').execute()).map((r) => ({ key: r.subject_key, outcome: r.outcome, standing: r.standing }));
    },
    async decide(reference, outcome) {
      const row = await db.updateTable('creditbureau_sandbox_requests').set({ result: outcome, updated_at: new Date() }).where('reference', '=', reference).where('result', 'is', null).returning(['reference', 'result']).executeTakeFirst();
      if (row) return toAnswer(row);
      const stored = await db.selectFrom('creditbureau_sandbox_requests').select(['reference', 'result']).where('reference', '=', reference).executeTakeFirst();
      return stored ? toAnswer(stored) : null;
    },
    async requestsOf(applicationId) {
      return (await db.selectFrom('creditbureau_sandbox_requests').select(['reference', 'result']).where('application_id', '=', applicationId).orderBy('created_at').execute()).map(toAnswer);
    },
  };
}

/** The sandbox provider over `db` (its controls and seeded outcomes in the store's tables). */
export function sandboxCreditBureau(db: Kysely<Database>): CreditBureauProvider {
  const read = (tx: Kysely<Database>, reference: string) => tx.selectFrom('creditbureau_sandbox_requests').select(['reference', 'result']).where('reference', '=', reference).executeTakeFirst();
  return {
    name: 'sandbox',
    submit: (submission) =>
      // Under the controls' row locks, so two requests never both take a control that is used up by one.
      db.transaction().execute(async (tx) => {
        const known = await read(tx, submission.reference);
        if (known) return toAnswer(known);
        const email = submission.email.toLowerCase();
        let outcome: SandboxOutcome | 'secondary_idscan_not_complete';
        if (submission.officers.some((o) => !o.identityVerified)) {
          outcome = 'secondary_idscan_not_complete';
        } else {
          const controls = await tx.selectFrom('creditbureau_sandbox_controls').select(['subject_key', 'outcome', 'standing']).where('subject_key', 'in', [email, ANYONE]).forUpdate().execute();
          const chosen = controls.find((c) => c.subject_key === email) ?? controls.find((c) => c.subject_key === ANYONE);
          if (chosen && !chosen.standing) await tx.deleteFrom('creditbureau_sandbox_controls').where('subject_key', '=', chosen.subject_key).execute();
          const testing = submission.testingValue === undefined ? undefined : TESTING_VALUES[submission.testingValue.toLowerCase()];
          outcome = (chosen?.outcome as SandboxOutcome | undefined) ?? testing ?? DEFAULT_OUTCOME;
        }
        const result = outcome === 'secondary_idscan_not_complete' ? outcome : resultOf(outcome);
        const row = await tx
          .insertInto('creditbureau_sandbox_requests')
          .values({ reference: submission.reference, application_id: submission.applicationId, email, result })
          .onConflict((c) => c.column('reference').doNothing())
          .returning(['reference', 'result'])
          .executeTakeFirst();
        return toAnswer(row ?? (await read(tx, submission.reference))!);
      }),
    async answer(reference) {
      const row = await read(db, reference);
      return row ? toAnswer(row) : null;
    },
  };
}
