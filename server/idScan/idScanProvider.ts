/**
 * The ID-scan provider interface (ARCHITECTURE.md 'Providers'): a capture journey per officer, started by the server,
 * run by the person on the provider's capture page, and read back by the server, never taken from the browser. The
 * sandbox (sandboxIdScan.ts) is the default; a real adapter (a GBG-like service) implements the same interface and is
 * chosen by IDSCAN_PROVIDER (server/services.ts).
 * @example
 * const started = await provider.startJourney({ subject: `${applicationId}:primary`, email, returnUrl });
 * // the person opens started.captureUrl (a full-screen dialog's frame) and captures their licence
 * (await provider.journey(started.journeyId))?.status; // 'pending' until captured, then 'passed' | 'failed' | 'skipped'
 */
import type { Route } from '../plugins/route';

/** The image checks a capture passes only when every one is Good (spec 001 s4 'ID check'). */
export type IdScanCheck = 'blurCheck' | 'fullDocumentInViewCheck' | 'lowResolutionCheck';
/** The checks, in the order the error dialog lists them (001 s8). */
export const ID_SCAN_CHECKS: readonly IdScanCheck[] = ['blurCheck', 'fullDocumentInViewCheck', 'lowResolutionCheck'];
/** A check's result, as the vendor names it. */
export type CheckResult = 'Good' | 'Bad';
/** How a finished journey ended: passed (every check Good), failed (a check Bad), skipped (the person left the capture). */
export type IdScanOutcome = 'passed' | 'failed' | 'skipped';
/** The outcomes. */
export const ID_SCAN_OUTCOMES: readonly IdScanOutcome[] = ['passed', 'failed', 'skipped'];

/** What a capture read from the document (the record's `idScanData`, 001 s3). */
export interface IdScanDetails {
  names: { firstName: string; middleName?: string; lastName: string };
  /** YYYY-MM-DD. */
  dateOfBirth: string;
  addresses: { streetNumber: string; address: string; address2?: string; suburb: string; state: string; postcode: string }[];
  addressFull: string;
  licenseNumber: string;
  cardNumber?: string;
  /** The licence's version (NZ). */
  version?: string;
  licenseIssuedState?: string;
  /** YYYY-MM-DD. */
  licenseExpiry: string;
}

/** A journey as the provider reports it. */
export interface IdScanJourney {
  journeyId: string;
  /** The subject the portal started it for (an applicant's key): the portal checks it is the one it asks about. */
  subject: string;
  status: 'pending' | IdScanOutcome;
  /** Each check's result once captured (null while pending and when skipped). */
  checks: Record<IdScanCheck, CheckResult> | null;
  /** What the capture read (null unless a document was captured). */
  details: IdScanDetails | null;
}

/** What a journey is started from. */
export interface StartJourneyInput {
  /** The portal's key of the applicant (application and role): reported back on the journey. */
  subject: string;
  /** The person's e-mail (a sandbox's demo controls are keyed by it). */
  email: string;
  /** Where the capture page sends the person when done, with `?event=passed|failed|skipped`. */
  returnUrl: string;
}

/** A started journey: what the client needs to open the capture (the vendor's tokens, as the spec's client reads them). */
export interface StartedJourney {
  journeyId: string;
  scanningToken: string;
  investigationToken: string;
  journeyDefinitionId: string;
  /** The capture page (on the portal's origin for the sandbox), for a full-screen dialog's frame. */
  captureUrl: string;
}

/** An ID-scan service. */
export interface IdScanProvider {
  /** Provider name. */
  readonly name: string;
  /** Start a capture journey for one applicant. */
  startJourney(input: StartJourneyInput): Promise<StartedJourney>;
  /** The journey as the provider reports it, or null when it has no such journey. */
  journey(journeyId: string): Promise<IdScanJourney | null>;
  /** Origins of its capture pages when not the portal's own (the CSP's frame-src); the sandbox has none. */
  readonly frameOrigins?: string[];
  /** Paths the provider answers itself (a sandbox's capture page and controls, a real adapter's webhook). */
  routes?(options: { demoControls: boolean }): Route[];
}
