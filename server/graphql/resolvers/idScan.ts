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
import { fileByUuid } from '../../files';
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

/** One licence image as saveDrivingLicense receives it (spec 001 s7). */
interface LicenceFileInput {
  fileName: string;
  mimeType: string;
  uuid: string;
  applicantType: string;
}

/** The officer role a saveDrivingLicense file names: `primary` or `secondary` (the record key's role). */
const applicantTypeOf = (officer: 'primaryApplicant' | 'secondaryApplicant') => (officer === 'primaryApplicant' ? 'primary' : 'secondary');

/**
 * saveDrivingLicense (001 s4, s5 'Uploads', s7): the front and the back of the caller's own licence, each a file the
 * caller uploaded for this application (to their officer's licence slot, or to none), attached at
 * `idScanData.fileUrls` through the flows' `writable ... via [saveDrivingLicense]` (no other write reaches it). The
 * slot's types and the content inspection are the write's (server/files attachments). The stored references come
 * from the file rows, not from the client's description. Refused once the caller's identity is completed.
 */
async function saveDrivingLicense(ctx: ServerContext, access: MemberAccess, files: LicenceFileInput[]): Promise<{ status: string }> {
  const officer = officerOf(access);
  const own = applicantTypeOf(officer);
  if (getPath(access.app.record, `scoreboard.${officer}.identityVerificationStatus`) === 'completed') {
    throw refuse('ALREADY_SUBMITTED', 'your identity is verified already: the licence images stay as they were', { path: `scoreboard.${officer}.idScanData.fileUrls` });
  }
  if (files.length !== 2) throw refuse('INVALID_VALUE', 'give the front and the back of the licence (two files)', { count: files.length });
  const sides = ['front', 'back'] as const;
  const value = [];
  for (const [i, file] of files.entries()) {
    if (file.applicantType !== own) throw refuse('FORBIDDEN', `only your own licence (${own}) is yours to upload`, { applicantType: file.applicantType });
    const row = await fileByUuid(ctx.db, file.uuid);
    if (!row || row.owner_user_id !== access.user.id || row.application_id !== access.app.id) throw refuse('NOT_FOUND', 'no uploaded file with this uuid is yours', { uuid: file.uuid });
    value.push({ uuid: row.id, fileName: row.file_name, mimeType: row.mime_type, side: sides[i] });
  }
  if (value[0].uuid === value[1].uuid) throw refuse('INVALID_VALUE', 'the front and the back are two different files', { uuid: value[0].uuid });
  await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: `scoreboard.${officer}.idScanData.fileUrls`, value, operation: 'saveDrivingLicense' } });
  return { status: '200' };
}

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
    saveDrivingLicense: guard('applicationMember', (args: { applicationId: string; params: LicenceFileInput[] }, ctx, access) => saveDrivingLicense(ctx, access, args.params)),
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
