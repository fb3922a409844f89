/**
 * The server session as the app starts with it: the signed-in `user` (httpOnly session cookie, sent
 * by the browser; scripts never see it) and their vehicle application (`getVehicleApplication`).
 * Plain fetch, so Apollo stays out of the first paint.
 */

import { matchPath } from 'react-router-dom';
import { postGraphQL, type GraphQLAnswer, type SignInGate } from '../runtime/react';
import type { IdleClock } from './idle/idleTimer';

/** The sign-in gate of the definitions (`settings.signIn` of messages/account.yaml), plus where load failures go. */
export type AppSignIn = SignInGate & { errorPath: string };

/** Reads `settings.signIn` ({ path, publicPaths, errorPath? }); undefined when absent or malformed (every route open). */
export function signInGate(value: unknown): AppSignIn | undefined {
  const v = value as { path?: unknown; publicPaths?: unknown; errorPath?: unknown } | undefined;
  if (!v || typeof v.path !== 'string' || !Array.isArray(v.publicPaths)) return undefined;
  return { path: v.path, publicPaths: v.publicPaths.filter((p): p is string => typeof p === 'string'), errorPath: typeof v.errorPath === 'string' ? v.errorPath : '/error' };
}

/** Whether a path is open to anonymous visitors. */
export const isPublicPath = (gate: SignInGate, pathname: string): boolean => gate.publicPaths.some((p) => matchPath(p, pathname) !== null);

/** What the app starts with. */
export type StartSession =
  | { status: 'anonymous' }
  | { status: 'signedIn'; user: Record<string, unknown>; record: Record<string, unknown>; idle: IdleClock | null }
  | { status: 'error'; error: string };

const post = (uri: string, query: string): Promise<GraphQLAnswer> => postGraphQL(uri, { query, variables: {} });

/** What the app reads of the user and of the application (spec 002 s3 'User', 'Vehicle application as queried at sign-in'). */
const OPERATIONS = {
  // With the session's idle clock (server/auth/sessionIdle.ts), in the same request.
  user: 'query user { user { id firstName lastName email phone organisation { orgId name region } whiteLabel { region introducerName enableWhiteLabel domains } } sessionIdle { idleSeconds warningSeconds remainingSeconds } }',
  // One literal (no interpolation): the persisted-operations manifest is scanned from the sources.
  // The route's application (applicationId), else the user's active one.
  getVehicleApplication: 'query getVehicleApplication($applicationId: ID) { getVehicleApplication(applicationId: $applicationId) { applicationId applicationStatus applicationType orgId orgUserId docusignStatus version definitionVersion roles scoreboard { applicationId applicationType status statusSecondary statusCreditCheck docusignStatus reviewAndSignContractStatus validMLADate privacyConsent quoteDetails { milesQuoteRef erpQuoteRef } companyDetails { companyName companyLegalName abn nzbn confirmed } entityDetails { entityName abn nzbn industry subDivision subGroup entityType hasSecondaryApplicant confirmed } vehicleDetails { make model vehicleImage } leaseDetails { monthlyRentalNet terms fiscalValue driveAwayPrice } businessDetails { entityDetails { companyLegalName companyLegalAddress tradingAddressSame tradingAddress businessContactNumber businessWebsite streetNo streetName suburb state postCode } annualRevenue financeDetails { currentFleetSize numberOfEmployees purchaseMoreVehicles howManyVehicles valueOfApplication maximum fileUrls { uuid fileName mimeType } personalGuarantee noGuaranteeApproved completed } } signingEnabled wetSignature { signType status documentMLA { uploadFile { fileName uuid mimeType } } documentPCA { uploadFile { fileName uuid mimeType } } documentBank { uploadFile { fileName uuid mimeType } } documentQuote { uploadFile { fileName uuid mimeType } } } signedLease { uploadFile { fileName uuid mimeType } } primaryApplicant { userId firstName lastName email phone confirmed applicantType identityVerificationStatus applicationReviewStatus privacyConsent idScanResult { firstName middleName lastName dob dateOfBirth streetNo streetName suburb state postCode country countryCode subPremise currentAddress previousAddress driversLicenceNumber driversLicenceExpiry driversLicenceState driversCardNumber version confirmed } idScanData } secondaryApplicant { userId firstName lastName email phone confirmed applicantType identityVerificationStatus idScanResult { firstName middleName lastName dob dateOfBirth streetNo streetName suburb state postCode country countryCode subPremise currentAddress previousAddress driversLicenceNumber driversLicenceExpiry driversLicenceState driversCardNumber version confirmed } idScanData } } } }',
};

/**
 * The user's membership of the application as the server derives it (`user.member` of the flows' role
 * logic, fragments/applicants.yaml): 'primary' for the application's primary member (`orgUserId`, the quote's
 * recipient even before a primary applicant is set), 'secondary' for its secondary applicant, else null.
 * A hint for the screens only: the server derives its own.
 */
export function membership(user: Record<string, unknown>, record: Record<string, unknown>): 'primary' | 'secondary' | null {
  if (user.id !== undefined && record.orgUserId === user.id) return 'primary';
  const secondary = (record.scoreboard as { secondaryApplicant?: { userId?: unknown } } | null | undefined)?.secondaryApplicant?.userId;
  return user.id !== undefined && secondary === user.id ? 'secondary' : null;
}

/**
 * Asks the server who is signed in (`user`) and loads their application (`getVehicleApplication`).
 * Anonymous when `user` is refused as UNAUTHENTICATED (or null); any other failure is an error
 * (spec 002 section 4: go to /error). `operations` may replace the two documents (same operation names).
 */
export function loadSession(operations: Partial<Record<keyof typeof OPERATIONS, string>> = {}, uri = '/graphql'): Promise<StartSession> {
  return sessionFrom((query) => post(uri, query), operations);
}

/**
 * The session as `ask` answers the two operations of {@link loadSession}: the browser's requests, or the server's
 * own calls as the signed-in visitor when it renders their page (app/server.tsx).
 */
export async function sessionFrom(ask: (query: string) => Promise<GraphQLAnswer>, operations: Partial<Record<keyof typeof OPERATIONS, string>> = {}): Promise<StartSession> {
  try {
    const who = await ask(operations.user ?? OPERATIONS.user);
    if (who.errors?.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return { status: 'anonymous' };
    if (who.errors?.length) return { status: 'error', error: who.errors[0].message };
    const user = who.data?.user as Record<string, unknown> | null | undefined;
    if (!user) return { status: 'anonymous' };
    const app = await ask(operations.getVehicleApplication ?? OPERATIONS.getVehicleApplication);
    if (app.errors?.length) return { status: 'error', error: app.errors[0].message };
    const record = (app.data?.getVehicleApplication as Record<string, unknown> | null | undefined) ?? {};
    return { status: 'signedIn', user: { ...user, member: membership(user, record) }, record, idle: (who.data?.sessionIdle as IdleClock | null | undefined) ?? null };
  } catch (err) {
    return { status: 'error', error: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * The page's application read again (after a save, a status request or an officer selection: the runtime's
 * `loadRecord`): the route's `applicationId`, else the user's active one; empty when there is none. Throws when the
 * read fails (the chain's Try Again).
 */
export async function loadRecord(applicationId?: string, uri = '/graphql'): Promise<Record<string, unknown>> {
  const app = await postGraphQL(uri, { query: OPERATIONS.getVehicleApplication, variables: applicationId ? { applicationId } : {} });
  if (app.errors?.length) throw new Error(app.errors[0].message);
  return (app.data?.getVehicleApplication as Record<string, unknown> | null | undefined) ?? {};
}

/** The session's idle clock, asked of the server (which restarts it): null when the session is gone. */
export async function keepSessionAlive(uri = '/graphql'): Promise<IdleClock | null> {
  const answer = await post(uri, 'query sessionIdle { sessionIdle { idleSeconds warningSeconds remainingSeconds } }');
  if (answer.errors?.length && !answer.data) throw new Error(answer.errors[0].message);
  return (answer.data?.sessionIdle as IdleClock | null | undefined) ?? null;
}

/** Ends the session on the server (the sign-out mutation of extensions/effects/logout.ts); failures ignored (it ends by itself). */
export async function endSession(uri = '/graphql'): Promise<void> {
  await post(uri, 'mutation logout { logout { success } }').catch(() => undefined);
}
