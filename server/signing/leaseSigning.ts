/**
 * The lease envelope's people and its finish rule (spec 002 s2 'Digital signing screen', s4 'Digital signing',
 * s6 'Witness'), read from the application's record and the provider's envelope, never from the browser.
 * Who signs, in order: digital signing has the primary officer first, then the secondary officer where there is one,
 * then the witnesses (role name Witness); with wet signature the primary signs on paper and the envelope is the
 * secondary officer's alone (002 s2 'Wet signature screen': the secondary 'signs digitally').
 * @example
 * const people = leaseRecipients(app.record);          // [{ name, email, role: 'signer', roleName: 'Signer' }, ...]
 * leaseSigningFinished(await provider.status(id), people); // true once the provider says everyone has signed
 */
import { getPath } from '../../runtime/core/source/pointer';
import type { EnvelopeRecipient, EnvelopeStatus, RecipientState } from './eSignatureProvider';

/** A person on the lease envelope, and which officer they are (witnesses: none). */
export interface LeaseRecipient extends Required<EnvelopeRecipient> {
  officer: 'primary' | 'secondary' | null;
}

/** getEnvelopeMLA's answer (002 s3 'Signing envelope status'): signers (email, status), witnesses (roleName, status). */
export interface LeaseEnvelopeAnswer {
  signers: { email: string; status: RecipientState }[];
  witnesses: { roleName: string; status: RecipientState }[];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** Whether the lease is signed on paper (scoreboard.wetSignature.signType wet; anything else is digital). */
export const isWetSigning = (record: unknown): boolean => getPath(record, 'scoreboard.wetSignature.signType') === 'wet';

/** Whether the application has a secondary officer (002 s3 entityDetails.hasSecondaryApplicant, with their e-mail). */
export const hasSecondaryOfficer = (record: unknown): boolean =>
  getPath(record, 'scoreboard.entityDetails.hasSecondaryApplicant') === 'yes' && str(getPath(record, 'scoreboard.secondaryApplicant.email')) !== '';

function officer(record: unknown, which: 'primary' | 'secondary'): LeaseRecipient | null {
  const at = (field: string) => str(getPath(record, `scoreboard.${which}Applicant.${field}`));
  const email = at('email').toLowerCase();
  if (!email) return null;
  return { name: `${at('firstName')} ${at('lastName')}`.trim() || email, email, role: 'signer', roleName: 'Signer', officer: which };
}

/** The lease envelope's recipients in signing order, from the record (see the module's comment). */
export function leaseRecipients(record: unknown): LeaseRecipient[] {
  const secondary = hasSecondaryOfficer(record) ? officer(record, 'secondary') : null;
  if (isWetSigning(record)) return secondary ? [secondary] : [];
  const primary = officer(record, 'primary');
  const witnesses = ((getPath(record, 'scoreboard.witnesses') ?? []) as { name?: unknown; email?: unknown }[])
    .filter((w) => str(w?.email))
    .map((w): LeaseRecipient => ({ name: str(w.name) || str(w.email), email: str(w.email).toLowerCase(), role: 'witness', roleName: 'Witness', officer: null }));
  return [primary, secondary, ...witnesses].filter((r): r is LeaseRecipient => r !== null);
}

/**
 * Whether lease signing is finished (002 s4 'Digital signing'): the provider reports the envelope completed and
 * every one of its signers completed (the only signer, or both) and, with witnesses, every witness too; and the
 * envelope holds each officer the application has now (an envelope made for other people finishes nothing).
 */
export function leaseSigningFinished(envelope: EnvelopeStatus | null, expected: readonly LeaseRecipient[]): boolean {
  if (!envelope || envelope.status !== 'completed') return false;
  const signers = envelope.recipients.filter((r) => r.role === 'signer');
  const witnesses = envelope.recipients.filter((r) => r.role === 'witness');
  const done = (list: typeof signers) => list.every((r) => r.status === 'completed');
  const allSigned = witnesses.length === 0 ? signers.length > 0 && done(signers) : done(witnesses) && done(signers);
  const officersOn = expected.filter((r) => r.role === 'signer').every((r) => signers.some((s) => s.email === r.email));
  return allSigned && officersOn;
}

/** The answer from the provider's envelope, or (before any envelope) everyone the record names as pending. */
export function leaseEnvelopeAnswer(envelope: EnvelopeStatus | null, expected: readonly LeaseRecipient[]): LeaseEnvelopeAnswer {
  const people = envelope ? envelope.recipients : expected.map((r) => ({ ...r, status: 'pending' as RecipientState }));
  return {
    signers: people.filter((r) => r.role === 'signer').map((r) => ({ email: r.email, status: r.status })),
    witnesses: people.filter((r) => r.role === 'witness').map((r) => ({ roleName: r.roleName, status: r.status })),
  };
}
