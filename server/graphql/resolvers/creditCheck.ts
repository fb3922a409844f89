/**
 * The credit check (spec 001 s4 'Primary review and submission', 002 s4 'Credit check', 'Waiting screen polling', 002 s7):
 * submitCreditCheck sends the application to the configured credit bureau (server/creditBureau) once per submission,
 * however often and however concurrently it is asked (a key per submission claimed before the bureau is called:
 * server/enforce/idempotent.ts), and records the bureau's answer through the flows as the server's own report:
 * flows/creditCheck.yaml takes the bureau's result as its event (anything it does not name is `refer`), then the
 * review completes (flows/applicationReview.yaml `reviewed`) and the journey moves to reviewAndSignContract
 * (`creditCheckSubmitted`), each `by: server`, so no client write can make any of them. creditCheck answers the
 * latest submission's answer as the bureau reports it now and records an approved result (the waiting screen's polls).
 * After the second officer's ID completes on a waiting application, the server submits again by itself
 * (`afterSecondaryIdentity`): a returned result sets refer, whatever it is (the flow's `refer`). When an answer puts the
 * application on hold (waiting), Authorised Officer (2) is told by e-mail (messages/creditCheck.yaml).
 */
import { getPath, setPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import type { CreditAnswer, CreditOfficer } from '../../creditBureau';
import { decideWrite, EnforceError, idempotent, mainFlowId, readSnapshot, refuse, selectionOf, writeRecord, type AppSnapshot, type WriteResult } from '../../enforce';
import { apiError, guard, type MemberAccess } from '../access';
import { depsOf } from './shared';

/** The idempotency scope of a submission; its key is `<applicationId>:<n>`. */
const SCOPE = 'submitCreditCheck';
/** The creditCheck flow (the status field scoreboard.statusCreditCheck) and its events the server reports. */
const CREDIT_FLOW = 'creditCheck';
/** The event for a result the flow does not name, or none (001 s4: "anything else to refer"). */
const OTHER_RESULT = 'refer';
/** The on-hold e-mail to Authorised Officer (2) (002 s2 'On-hold screen'). */
const ON_HOLD_EMAIL = { template: 'creditCheckOnHold', subject: 'creditCheck.onHold.emailSubject', body: 'creditCheck.onHold.emailBody' } as const;

/** The answer as the API gives it (001 s3 'Credit check result'). */
interface CreditCheckResult {
  id_reference_internal: string | null;
  status: string;
  result: string | null;
  [key: string]: string | null;
}

/** Who submits: the primary after the review (or Resubmit on hold), or the second officer's automatic resubmission. */
type Submitter = 'primary' | 'secondary';

const text = (record: unknown, path: string): string | undefined => {
  const v = getPath(record, path);
  return typeof v === 'string' && v !== '' ? v : undefined;
};
const toResult = (a: CreditAnswer): CreditCheckResult => ({ id_reference_internal: a.reference, status: a.status, result: a.result });
const NONE: CreditCheckResult = { id_reference_internal: null, status: 'none', result: null };

/** Whether the application has a second officer (business details' answer, 001 s3). */
const hasSecondary = (record: unknown) => getPath(record, 'scoreboard.entityDetails.hasSecondaryApplicant') === 'yes';
const secondaryDone = (record: unknown) => text(record, 'scoreboard.secondaryApplicant.identityVerificationStatus') === 'completed';

/** The officers as the bureau is told about them, from the record (secondary_idscan_not_complete is derived from this). */
function officersOf(record: unknown): CreditOfficer[] {
  const officers: CreditOfficer[] = [{ role: 'primary', identityVerified: text(record, 'scoreboard.primaryApplicant.identityVerificationStatus') === 'completed' }];
  if (hasSecondary(record)) officers.push({ role: 'secondary', identityVerified: secondaryDone(record) });
  return officers;
}

/** Whether the credit flow has an event of this name (the bureau's result it maps itself). */
function creditEvent(ctx: ServerContext, result: string | null): string {
  const flow = ctx.definitions.defs.flows[CREDIT_FLOW];
  const named = result !== null && Object.values(flow?.steps ?? {}).some((step) => Object.hasOwn(step.on ?? {}, result));
  return named ? result : OTHER_RESULT;
}

/** The status the credit flow's event sets (its first transition's), if it names one. */
function eventStatus(ctx: ServerContext, event: string): string | undefined {
  for (const step of Object.values(ctx.definitions.defs.flows[CREDIT_FLOW]?.steps ?? {})) {
    const on = step.on?.[event];
    const first = Array.isArray(on) ? on[0] : on;
    if (first?.status !== undefined) return first.status;
  }
  return undefined;
}

/** A status report of the server's in one flow (a provider's answer): refused as the flow refuses it. */
const report = (ctx: ServerContext, access: MemberAccess, flow: string, event: string): Promise<WriteResult> =>
  writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: '', value: null, event, flow }, by: 'server' });

/** Tell Authorised Officer (2) the application waits for their ID scan (in the application's brand). */
async function notifyOnHold(ctx: ServerContext, app: AppSnapshot): Promise<void> {
  const to = text(app.record, 'scoreboard.secondaryApplicant.email');
  if (!to) return;
  const brand = ctx.services.brands.byId(app.brandId) ?? ctx.services.brands.fallback;
  const primaryName = [text(app.record, 'scoreboard.primaryApplicant.firstName'), text(app.record, 'scoreboard.primaryApplicant.lastName')].filter(Boolean).join(' ');
  const vars = {
    firstName: text(app.record, 'scoreboard.secondaryApplicant.firstName') ?? '',
    primaryName,
    company: text(app.record, 'scoreboard.companyDetails.companyName') ?? text(app.record, 'scoreboard.entityDetails.entityName') ?? '',
    link: `${brand.publicOrigin}/applications/${app.id}`,
  };
  const message = (key: string) => ctx.definitions.message(key, brand.selection, vars);
  await ctx.services.email.send({ to, template: ON_HOLD_EMAIL.template, brandId: brand.id, subject: message(ON_HOLD_EMAIL.subject), text: message(ON_HOLD_EMAIL.body), data: vars });
  ctx.log.info({ applicationId: app.id }, 'credit check on hold: the second officer was told');
}

/**
 * Record a bureau's answer: statusCreditCheck by the credit flow's event, then (the primary's submission) the review's
 * completion and the move to reviewAndSignContract when the journey is still at the ID check and review.
 */
async function recordAnswer(ctx: ServerContext, access: MemberAccess, answer: CreditAnswer, by: Submitter): Promise<void> {
  // The second officer's automatic resubmission: a returned result sets refer (002 s4); none leaves it waiting.
  const event = by === 'secondary' ? (answer.result === null ? null : OTHER_RESULT) : creditEvent(ctx, answer.result);
  // Already so (a result recorded before, e.g. by a poll): nothing to move.
  const stored = text((await readSnapshot(ctx.db, access.app.id))?.record, 'scoreboard.statusCreditCheck');
  if (event && eventStatus(ctx, event) !== stored) {
    const written = await report(ctx, access, CREDIT_FLOW, event);
    if (written.decision.kind === 'transition' && written.decision.to === 'waiting') await notifyOnHold(ctx, written.before);
  }
  if (by === 'secondary') return;
  const now = await readSnapshot(ctx.db, access.app.id);
  if (text(now?.record, 'scoreboard.primaryApplicant.applicationReviewStatus') !== 'completed') await report(ctx, access, 'applicationReview', 'reviewed');
  const main = mainFlowId(access.app.type);
  const statusField = ctx.definitions.defs.flows[main]?.status?.field ?? 'scoreboard.status';
  if (text((await readSnapshot(ctx.db, access.app.id))?.record, statusField) === 'approvals') await report(ctx, access, main, 'creditCheckSubmitted');
}

/**
 * Whether the caller may start a new submission now, and as whom: the primary's first (the review's own guard, as it
 * will read once the bureau answered, must hold: consent confirmed, identity completed, the primary's role), or a
 * resubmission of a waiting application whose second officer has completed their ID. Otherwise the refusal.
 */
function newSubmission(ctx: ServerContext, access: MemberAccess): { by: Submitter } | { refusal: EnforceError } {
  const record = access.app.record;
  const reviewed = text(record, 'scoreboard.primaryApplicant.applicationReviewStatus') === 'completed';
  if (reviewed) {
    if (text(record, 'scoreboard.statusCreditCheck') === 'waiting' && (!hasSecondary(record) || secondaryDone(record))) {
      if (access.roles.includes('primary')) return { by: 'primary' };
      if (access.roles.includes('secondary')) return { by: 'secondary' };
    }
    return { refusal: refuse('INVALID_TRANSITION', 'the credit check was submitted already; it is submitted again only while the application is on hold and its second officer has completed their ID', { applicationId: access.app.id }) };
  }
  const app = { ...access.app, record: text(record, 'scoreboard.statusCreditCheck') ? record : (setPath(record, 'scoreboard.statusCreditCheck', OTHER_RESULT) as typeof record) };
  try {
    decideWrite({ defs: ctx.definitions.defs, layers: ctx.definitions.layers(selectionOf(app)), logic: ctx.definitions.logic, app, caller: access.user, request: { path: '', value: null, event: 'reviewed', flow: 'applicationReview' }, by: 'server' });
    return { by: 'primary' };
  } catch (e) {
    if (e instanceof EnforceError) return { refusal: e };
    throw e;
  }
}

/** The application's latest submission key (answered or still running), or null. */
async function latestKey(ctx: ServerContext, applicationId: string): Promise<string | null> {
  const row = await ctx.db.selectFrom('idempotency_keys').select('key').where('scope', '=', SCOPE).where('key', 'like', `${applicationId}:%`).orderBy('created_at', 'desc').orderBy('key', 'desc').limit(1).executeTakeFirst();
  return row?.key ?? null;
}

/**
 * Submit the application's credit check as `access` (the caller, or the second officer's automatic resubmission):
 * a new submission when the record allows one, keyed by how many submissions were answered before it (so a replay,
 * at once or later, takes the same key and answers the same answer); otherwise the latest submission's answer.
 */
export async function submitCredit(ctx: ServerContext, given: MemberAccess, testingValue: string | null | undefined): Promise<CreditCheckResult> {
  // How many submissions were answered, counted BEFORE the record the decision reads: a submission records its
  // answer in the record first and is marked answered after, so a concurrent request either counts the same
  // (and takes its key: the same answer) or reads a record that already reflects it (a replay: the same answer).
  // The request's own snapshot, read when it arrived, could predate both and start a needless third submission.
  const answered = await ctx.db.selectFrom('idempotency_keys').select((eb) => eb.fn.countAll().as('n')).where('scope', '=', SCOPE).where('key', 'like', `${given.app.id}:%`).where('answered_at', 'is not', null).executeTakeFirstOrThrow();
  const access = { ...given, app: (await readSnapshot(ctx.db, given.app.id)) ?? given.app };
  const app = access.app;
  const allowed = newSubmission(ctx, access);
  if ('refusal' in allowed) {
    // A replay of a submission the record already reflects (or one still running): its answer.
    const key = await latestKey(ctx, app.id);
    if (!key) throw allowed.refusal;
    return idempotent(ctx.db, SCOPE, key, access.user.id, () => Promise.reject(refuse('CONFLICT', 'the credit check submission was interrupted: submit again', { applicationId: app.id })));
  }
  const reference = `${app.id}:${Number(answered.n)}`;
  return idempotent(ctx.db, SCOPE, reference, access.user.id, async () => {
    const answer = await ctx.services.creditBureau.submit({
      reference,
      applicationId: app.id,
      email: text(app.record, 'scoreboard.primaryApplicant.email') ?? access.user.email,
      officers: officersOf(app.record),
      ...(typeof getPath(app.record, 'scoreboard.businessDetails.financeDetails.valueOfApplication') === 'number' ? { creditLimit: getPath(app.record, 'scoreboard.businessDetails.financeDetails.valueOfApplication') as number } : {}),
      // The client's testing value counts only outside production (and only a sandbox reads it).
      ...(testingValue && !ctx.services.config.production ? { testingValue } : {}),
    });
    ctx.log.info({ applicationId: app.id, reference, status: answer.status, result: answer.result, by: allowed.by, provider: ctx.services.creditBureau.name }, 'credit check submitted');
    await recordAnswer(ctx, access, answer, allowed.by);
    return toResult(answer);
  });
}

/**
 * After a write: when it completed the second officer's identity on a waiting application, the credit check is
 * submitted again as them (001 s4 'ID check', 002 s4). A failure is logged, not the write's: the on-hold screen's
 * Resubmit remains.
 */
export async function afterSecondaryIdentity(ctx: ServerContext, access: MemberAccess, result: WriteResult): Promise<void> {
  const d = result.decision;
  if (d.kind !== 'transition' || d.flow !== 'secondaryIdentity' || d.to !== 'completed') return;
  const app = await readSnapshot(ctx.db, access.app.id);
  if (!app || text(app.record, 'scoreboard.statusCreditCheck') !== 'waiting') return;
  try {
    await submitCredit(ctx, { ...access, app }, null);
  } catch (e) {
    ctx.log.warn({ applicationId: app.id, reason: e instanceof Error ? e.message : String(e) }, 'the automatic credit check resubmission failed');
  }
}

/** creditCheck names the application by the first 8 characters of its id followed by '3' (spec 001 s7). */
const paramMatches = (param: string, applicationId: string) => param.length === 9 && param.endsWith('3') && applicationId.startsWith(param.slice(0, 8));

/** Resolvers of submitCreditCheck and creditCheck. */
export const creditCheckResolvers = {
  Query: {
    creditCheck: guard(
      'applicationMember',
      async (args: { param: string; applicationType?: string | null }, ctx, access) => {
        // The param carries no full id: the caller's active application must be the one it names.
        if (!paramMatches(args.param, access.app.id)) throw apiError('FORBIDDEN', 'no application of yours matches this credit check reference');
        const key = await latestKey(ctx, access.app.id);
        const stored = key ? await ctx.db.selectFrom('idempotency_keys').select('response').where('scope', '=', SCOPE).where('key', '=', key).executeTakeFirst() : undefined;
        if (!key || !stored?.response) return NONE;
        const kept = stored.response as unknown as CreditCheckResult;
        const answer = (await ctx.services.creditBureau.answer(key)) ?? { reference: key, status: kept.status as CreditAnswer['status'], result: kept.result as CreditAnswer['result'] };
        // 002 s4: any approved result gives approved, recorded here by the server, never written by the browser.
        if (answer.result === 'approved' && text(access.app.record, 'scoreboard.statusCreditCheck') !== 'approved') {
          try {
            await report(ctx, access, CREDIT_FLOW, 'approved');
          } catch (e) {
            if (!(e instanceof EnforceError)) throw e;
            ctx.log.info({ applicationId: access.app.id, reason: e.message }, 'approved credit result not recorded');
          }
        }
        return toResult(answer);
      },
      () => undefined,
    ),
  },
  Mutation: {
    submitCreditCheck: guard('applicationMember', (args: { payload: { applicationId: string; testingValue?: string | null } }, ctx, access) => submitCredit(ctx, access, args.payload.testingValue)),
  },
};
