/**
 * The credit-bureau provider interface (ARCHITECTURE.md 'Providers'): the portal submits an application for a credit
 * decision and reads the bureau's answer back; the browser never tells the portal a result. The sandbox
 * (sandboxCreditBureau.ts) is the default; a real adapter implements the same interface and is chosen by
 * CREDIT_BUREAU_PROVIDER (server/services.ts).
 * @example
 * const answer = await provider.submit({ reference: `${applicationId}:0`, applicationId, email, officers });
 * answer.result; // 'approved' | 'declined' | 'refer' | 'secondary_idscan_not_complete' | null (no result yet)
 * (await provider.answer(answer.reference))?.result; // the bureau's answer now (a request without a result may get one later)
 */
import type { Route } from '../plugins/route';

/** The results a bureau answers (spec 001 s3 'Credit check result'; any other result counts as refer). */
export const CREDIT_RESULTS = ['approved', 'declined', 'refer', 'secondary_idscan_not_complete'] as const;
/** A bureau's result. */
export type CreditResult = (typeof CREDIT_RESULTS)[number];

/** An officer of the application as the bureau is told about them, read from the record. */
export interface CreditOfficer {
  role: 'primary' | 'secondary';
  /** Whether the officer's identity verification is completed (the record's identityVerificationStatus). */
  identityVerified: boolean;
}

/** What a submission sends. */
export interface CreditSubmission {
  /**
   * The portal's reference of this submission: the bureau answers a repeated reference with the same request (one
   * request per submission however often it is sent).
   */
  reference: string;
  applicationId: string;
  /** The primary officer's e-mail (a sandbox's demo controls are keyed by it). */
  email: string;
  /** The application's officers (the secondary only when the application has one). */
  officers: CreditOfficer[];
  /** The requested credit limit. */
  creditLimit?: number;
  /**
   * The client's testing value (the spec's client sends 'accept'): the portal passes it outside production only, and
   * only a sandbox reads it; a real bureau ignores it.
   */
  testingValue?: string;
}

/** The bureau's answer to one request. */
export interface CreditAnswer {
  /** The submission's reference (the answer's `id_reference_internal`). */
  reference: string;
  /** `complete` with a result, `pending` while the bureau has none. */
  status: 'complete' | 'pending';
  /** The result, or null while pending. */
  result: CreditResult | null;
}

/** A credit bureau. */
export interface CreditBureauProvider {
  /** Provider name. */
  readonly name: string;
  /** Submit (or, for a reference it knows, answer that request again without a new one). */
  submit(submission: CreditSubmission): Promise<CreditAnswer>;
  /** The bureau's answer now on a request it knows, or null. */
  answer(reference: string): Promise<CreditAnswer | null>;
  /** Paths the provider answers itself (a sandbox's demo controls, a real adapter's webhook). */
  routes?(options: { demoControls: boolean }): Route[];
}
