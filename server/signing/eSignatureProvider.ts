/**
 * The e-signature provider interface (ARCHITECTURE.md 'Providers'): envelopes of PDF documents, signers and
 * witnesses, a signing page per signer and its return to the portal. The sandbox (sandboxESignature.ts) is the
 * default; a real adapter implements the same interface and is chosen by ESIGN_PROVIDER (server/services.ts).
 * @example
 * const { envelopeId, signingUrls } = await provider.createEnvelope({ documents: [{ name: 'Quote.pdf', bytes }], recipients: [{ name: 'Pat Primary', email: 'pat@example.com', role: 'signer' }], returnUrl });
 * (await provider.status(envelopeId))?.status; // 'sent' until the signer signs, then 'completed'
 * await provider.voidEnvelope(envelopeId, reason); // before completion: the links stop working, status 'voided'
 */
import type { Route } from '../plugins/route';

/**
 * Where an envelope stands: `created` (draft), `sent` (awaiting signatures), then one of the final four:
 * `completed`, `declined`, `expired`, or `voided` (withdrawn by the sender before completion: {@link ESignatureProvider.voidEnvelope}).
 */
export type EnvelopeState = 'created' | 'sent' | 'completed' | 'declined' | 'expired' | 'voided';
/** The envelope states. */
export const ENVELOPE_STATES: readonly EnvelopeState[] = ['created', 'sent', 'completed', 'declined', 'expired', 'voided'];
/** Where one recipient stands. */
export type RecipientState = 'pending' | 'completed' | 'declined';

/** One document to sign: a PDF's bytes and the name the signer sees. */
export interface EnvelopeDocument {
  name: string;
  bytes: Uint8Array;
}

/** A person on the envelope. */
export interface EnvelopeRecipient {
  name: string;
  email: string;
  /** Signers sign; witnesses witness a signature (spec 002: role name `Witness`). */
  role: 'signer' | 'witness';
  /** The role name the provider reports (default `Signer` / `Witness`). */
  roleName?: string;
}

/** What an envelope is created from. */
export interface CreateEnvelopeInput {
  documents: EnvelopeDocument[];
  recipients: EnvelopeRecipient[];
  /** Where the signing page sends a recipient when done, with `?event=signing_complete|decline|ttl_expired`. */
  returnUrl: string;
}

/** A recipient's signing page. */
export interface SigningUrl {
  email: string;
  url: string;
}

/** A created envelope: its id and one signing URL per recipient, in the order given (the order they sign in). */
export interface CreatedEnvelope {
  envelopeId: string;
  signingUrls: SigningUrl[];
}

/** An envelope's status and each recipient's. */
export interface EnvelopeStatus {
  envelopeId: string;
  status: EnvelopeState;
  recipients: (Required<EnvelopeRecipient> & { status: RecipientState })[];
}

/**
 * Recipients sign in the order given (DocuSign's routing order): the one whose turn it is is the first pending
 * recipient; undefined when none is pending.
 */
export function turnOf<R extends { status: RecipientState }>(recipients: readonly R[]): R | undefined {
  return recipients.find((r) => r.status !== 'completed');
}

/** An e-signature service. */
export interface ESignatureProvider {
  /** Provider name, stored with each envelope id (`signing_envelopes.provider`). */
  readonly name: string;
  /** Create and send an envelope. */
  createEnvelope(input: CreateEnvelopeInput): Promise<CreatedEnvelope>;
  /** The envelope's status, or null when the provider has no such envelope. */
  status(envelopeId: string): Promise<EnvelopeStatus | null>;
  /** A fresh signing URL of one recipient (the envelope is reused), returning to `returnUrl`; null when no such recipient. */
  signingUrl(envelopeId: string, email: string, returnUrl: string): Promise<string | null>;
  /**
   * Void an envelope that is not final yet (`created` or `sent`): it can no longer be signed or completed, every
   * signing link already given out stops working (the provider's signing page refuses it), and `status` answers
   * `voided` from then on. `reason` is the text the provider may show its recipients (DocuSign's `voidedReason`),
   * in the application's language (a catalogue text). Answers true when the envelope is voided (now or before),
   * false when it is already final otherwise (a completed, declined or expired envelope stays so: providers
   * cannot void a completed envelope) or unknown. The portal voids the envelopes of an officer who leaves an
   * application (server/graphql/resolvers/officerChange.ts) and never counts a voided envelope as signed.
   * A DocuSign-like adapter: `PUT /envelopes/{envelopeId}` with `{ "status": "voided", "voidedReason": reason }`.
   */
  voidEnvelope(envelopeId: string, reason: string): Promise<boolean>;
  /**
   * The signed documents of a completed envelope as one PDF (DocuSign's `GET /envelopes/{id}/documents/combined`),
   * or null while it is not completed (or unknown). The portal keeps it as the application's document.
   */
  signedDocument(envelopeId: string): Promise<Uint8Array | null>;
  /** Origins of its signing pages when not the portal's own (the CSP's frame-src lets the signing dialog frame them); the sandbox has none. */
  readonly frameOrigins?: string[];
  /** Paths the provider answers itself (a sandbox's signing page and controls, a real adapter's webhook). */
  routes?(options: { demoControls: boolean }): Route[];
}

/** The signing-page event a return URL carries, per final state (DocuSign's names, which clients already know); a voided envelope's page sends nobody back: it refuses. */
export const RETURN_EVENTS: Record<'completed' | 'declined' | 'expired', string> = {
  completed: 'signing_complete',
  declined: 'decline',
  expired: 'ttl_expired',
};

/** `returnUrl` with `?event=<event>` added (its other parameters kept). */
export function withEvent(returnUrl: string, event: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set('event', event);
  return url.toString();
}
