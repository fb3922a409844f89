/**
 * The sandbox ID-scan provider: journeys live in the database (`idscan_sandbox_journeys`); the person captures on a
 * page this server serves (sandboxRoutes.ts) at a link carrying an HMAC of the journey, so only the link's holder
 * captures. Picking one of the sample licences (samples/samples.json) passes every check and reads that sample's
 * details, unless a demo control set the next capture's outcome (passed, failed, skipped, or one failed check).
 * Deterministic: nothing expires by itself. docs/sandboxes.md documents it.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database, JsonObject } from '../db';
import { ID_SCAN_CHECKS, ID_SCAN_OUTCOMES, type CheckResult, type IdScanCheck, type IdScanDetails, type IdScanJourney, type IdScanOutcome, type IdScanProvider } from './idScanProvider';

/** Base path of the sandbox's capture pages (and its sample images, under `samples/`). */
export const SANDBOX_CAPTURE_PATH = '/sandbox/idscan/';
/** Where the sample licences live. */
export const SAMPLES_DIR = join(import.meta.dirname, 'samples');

/** One sample licence: its image (a file in samples/) and what a capture of it reads. */
export interface SampleLicence {
  id: string;
  image: string;
  details: IdScanDetails;
}

/** What a demo control can make the next capture: an outcome, or one named check failing. */
export type ControlOutcome = IdScanOutcome | IdScanCheck;
/** The control outcomes. */
export const CONTROL_OUTCOMES: readonly ControlOutcome[] = [...ID_SCAN_OUTCOMES, ...ID_SCAN_CHECKS];
/** The control key that applies to anyone's next capture. */
export const ANYONE = '*';

let samplesCache: SampleLicence[] | undefined;
/** The sample licences (samples/samples.json), read once. */
export function sampleLicences(): SampleLicence[] {
  return (samplesCache ??= (JSON.parse(readFileSync(join(SAMPLES_DIR, 'samples.json'), 'utf8')) as { samples: SampleLicence[] }).samples);
}

/** The checks a capture gets under a control (none: all Good). */
function checksFor(control: ControlOutcome | undefined): Record<IdScanCheck, CheckResult> | null {
  if (control === 'skipped') return null;
  return Object.fromEntries(ID_SCAN_CHECKS.map((c) => [c, control === 'failed' || control === c ? 'Bad' : 'Good'])) as Record<IdScanCheck, CheckResult>;
}

/** A journey row as the provider reports it. */
const toJourney = (row: { id: string; subject: string; status: string; checks: JsonObject | null; details: JsonObject | null }): IdScanJourney => ({
  journeyId: row.id,
  subject: row.subject,
  status: row.status as IdScanJourney['status'],
  checks: row.checks as IdScanJourney['checks'],
  details: row.details as IdScanJourney['details'] | null,
});

/** The sandbox's store and links, shared by the provider and its routes. */
export interface SandboxIdScanStore {
  read(journeyId: string): Promise<(IdScanJourney & { returnUrl: string; email: string }) | null>;
  /** Whether `token` is the journey's capture token. */
  tokenMatches(journeyId: string, token: string): boolean;
  /** The journey's capture page on the origin of `returnUrl`. */
  linkOf(journeyId: string, returnUrl: string): string;
  /**
   * Capture `sample` (or skip, with null) on a pending journey: the next control for the person (else for anyone)
   * decides the outcome and is used up. Answers the journey after it (unchanged when it was not pending).
   */
  capture(journeyId: string, sample: SampleLicence | null): Promise<IdScanJourney | null>;
  /** Demo control: the outcome the next capture of `key` (an e-mail, or {@link ANYONE}) gets. */
  setNext(key: string, outcome: ControlOutcome): Promise<void>;
  /** Demo control: the controls waiting. */
  pending(): Promise<{ key: string; outcome: string }[]>;
}

/** The sandbox's store over `db`, signing capture links with `secret`. */
export function sandboxIdScanStore(db: Kysely<Database>, secret: string): SandboxIdScanStore {
  const tokenOf = (journeyId: string) => createHmac('sha256', secret).update(`idscan-sandbox\n${journeyId}`).digest('base64url');
  const read = async (journeyId: string) => {
    const row = await db.selectFrom('idscan_sandbox_journeys').select(['id', 'subject', 'email', 'return_url', 'status', 'checks', 'details']).where('id', '=', journeyId).executeTakeFirst();
    return row ? { ...toJourney(row), returnUrl: row.return_url, email: row.email } : null;
  };
  return {
    read,
    tokenMatches(journeyId, token) {
      const expected = Buffer.from(tokenOf(journeyId));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    linkOf: (journeyId, returnUrl) => `${new URL(returnUrl).origin}${SANDBOX_CAPTURE_PATH}${journeyId}/${tokenOf(journeyId)}`,
    capture: (journeyId, sample) =>
      // Under a row lock, so two submits (or a submit and a control) never both decide the journey.
      db.transaction().execute(async (tx) => {
        const row = await tx.selectFrom('idscan_sandbox_journeys').select(['id', 'subject', 'email', 'status', 'checks', 'details']).where('id', '=', journeyId).forUpdate().executeTakeFirst();
        if (!row) return null;
        if (row.status !== 'pending') return toJourney(row);
        const control = await tx.selectFrom('idscan_sandbox_controls').select(['subject_key', 'outcome']).where('subject_key', 'in', [row.email, ANYONE]).forUpdate().execute();
        const chosen = control.find((c) => c.subject_key === row.email) ?? control.find((c) => c.subject_key === ANYONE);
        if (chosen) await tx.deleteFrom('idscan_sandbox_controls').where('subject_key', '=', chosen.subject_key).execute();
        const outcome = (sample ? chosen?.outcome : 'skipped') as ControlOutcome | undefined;
        const checks = checksFor(outcome);
        const status: IdScanOutcome = !checks ? 'skipped' : Object.values(checks).every((c) => c === 'Good') ? 'passed' : 'failed';
        const details = status === 'skipped' || !sample ? null : (sample.details as unknown as JsonObject);
        await tx.updateTable('idscan_sandbox_journeys').set({ status, checks: checks ?? null, details, updated_at: new Date() }).where('id', '=', journeyId).execute();
        return toJourney({ ...row, status, checks, details });
      }),
    async setNext(key, outcome) {
      await db.insertInto('idscan_sandbox_controls').values({ subject_key: key, outcome }).onConflict((c) => c.column('subject_key').doUpdateSet({ outcome, created_at: new Date() })).execute();
    },
    async pending() {
      return (await db.selectFrom('idscan_sandbox_controls').select(['subject_key', 'outcome']).orderBy('created_at').execute()).map((r) => ({ key: r.subject_key, outcome: r.outcome }));
    },
  };
}

/** The sandbox provider over a store; `routes` are added by sandboxRoutes.ts. */
export function sandboxIdScan(db: Kysely<Database>, store: SandboxIdScanStore): IdScanProvider {
  return {
    name: 'sandbox',
    async startJourney({ subject, email, returnUrl }) {
      const journeyId = randomUUID();
      await db.insertInto('idscan_sandbox_journeys').values({ id: journeyId, subject, email: email.toLowerCase(), return_url: returnUrl }).execute();
      // The vendor's tokens, as the spec's client reads them: the sandbox's capture page needs none of them.
      return { journeyId, scanningToken: `sandbox-scan-${journeyId}`, investigationToken: `sandbox-investigation-${journeyId}`, journeyDefinitionId: 'sandbox-licence', captureUrl: store.linkOf(journeyId, returnUrl) };
    },
    async journey(journeyId) {
      const j = await store.read(journeyId);
      return j && { journeyId: j.journeyId, subject: j.subject, status: j.status, checks: j.checks, details: j.details };
    },
  };
}
