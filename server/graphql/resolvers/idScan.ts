/**
 * The ID scan (spec 001 s4 'ID check', s7): initGBGIdScan starts a journey at the configured provider (server/idScan)
 * for the caller's own officer role and records its id on that applicant; idScanOutcome reads the journey back from
 * the provider and records its outcome, checks and (on passed) the details read. Both write through the flows'
 * `writable ... via` entries, so the client can never write these paths itself: identity completes only on what the
 * provider reported (flows/primaryIdentity.yaml, flows/secondaryIdentity.yaml).
 */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { refuse, writeRecord } from '../../enforce';
import { ID_SCAN_CHECKS, type IdScanJourney } from '../../idScan';
import { guard, type MemberAccess } from '../access';
import { checkReturnUrl } from './returnUrl';
import { depsOf } from './shared';

/** The record key of the caller's own officer role. */
function officerOf(access: MemberAccess): 'primaryApplicant' | 'secondaryApplicant' {
  if (access.roles.includes('primary')) return 'primaryApplicant';
  if (access.roles.includes('secondary')) return 'secondaryApplicant';
  throw refuse('FORBIDDEN', 'only an authorised officer of this application has an ID check');
}

/** The provider's key of an applicant: the application and the officer role. */
const subjectOf = (applicationId: string, officer: string) => `${applicationId}:${officer}`;

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Merge `value` into the officer's idScanData as `operation` (its `via` entries), as the server. */
const recordScan = (ctx: ServerContext, access: MemberAccess, officer: string, value: Record<string, unknown>, operation: 'initGBGIdScan' | 'idScanOutcome') =>
  writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: `scoreboard.${officer}.idScanData`, value, mode: 'merge', operation }, by: 'server', snapshot: access.app });

/** The record's idScanData keys for a finished journey: the outcome and checks, and on passed the details read. */
function scanData(journey: IdScanJourney, stored: Record<string, unknown>): Record<string, unknown> {
  const idScan = { ...stored, journeyId: journey.journeyId, outcome: journey.status, ...(journey.checks ? { checks: journey.checks } : {}) };
  if (!journey.checks) delete idScan.checks;
  const d = journey.status === 'passed' ? journey.details : null;
  if (!d) return { idScan };
  const details: Record<string, unknown> = { names: d.names, dateOfBirth: d.dateOfBirth, addresses: d.addresses, addressFull: d.addressFull, licenseNumber: d.licenseNumber, licenseExpiry: d.licenseExpiry };
  for (const key of ['cardNumber', 'version', 'licenseIssuedState'] as const) if (d[key] !== undefined) details[key] = d[key];
  return { idScan, ...details };
}

/** Resolvers of the ID scan operations of identity.graphql. */
export const idScanResolvers = {
  Query: {
    initGBGIdScan: guard('applicationMember', async (args: { applicationId?: string | null; returnUrl?: string | null }, ctx, access) => {
      const officer = officerOf(access);
      checkReturnUrl(ctx, args.returnUrl);
      const returnUrl = args.returnUrl ?? `${ctx.brand.publicOrigin}/applications/${access.app.id}/approvals`;
      const email = getPath(access.app.record, `scoreboard.${officer}.email`);
      const started = await ctx.services.idScan.startJourney({ subject: subjectOf(access.app.id, officer), email: typeof email === 'string' && email ? email : access.user.email, returnUrl });
      // A new journey: the previous one's outcome no longer counts (errorCount and skipped, the client's, stay).
      const stored = obj(getPath(access.app.record, `scoreboard.${officer}.idScanData.idScan`));
      const { outcome: _outcome, checks: _checks, ...kept } = stored;
      await recordScan(ctx, access, officer, { idScan: { ...kept, journeyId: started.journeyId, outcome: 'pending' } }, 'initGBGIdScan');
      return started;
    }),
  },
  Mutation: {
    idScanOutcome: guard('applicationMember', async (_args: { applicationId: string }, ctx, access) => {
      const officer = officerOf(access);
      const stored = obj(getPath(access.app.record, `scoreboard.${officer}.idScanData.idScan`));
      const journeyId = typeof stored.journeyId === 'string' ? stored.journeyId : null;
      const journey = journeyId ? await ctx.services.idScan.journey(journeyId) : null;
      // Only the journey this applicant's start made counts (the provider reports whom it was started for).
      if (!journey || journey.subject !== subjectOf(access.app.id, officer)) return { journeyId: null, outcome: 'none', failedChecks: [] };
      const failedChecks = ID_SCAN_CHECKS.filter((c) => journey.checks && journey.checks[c] !== 'Good');
      if (journey.status !== 'pending' && stored.outcome !== journey.status) await recordScan(ctx, access, officer, scanData(journey, stored), 'idScanOutcome');
      return { journeyId: journey.journeyId, outcome: journey.status, failedChecks };
    }),
  },
};
