/**
 * Officers who leave take their signatures with them (issue 29). Whatever write changes who an application's
 * officers are (its membership columns `primary_user_id`, `secondary_user_id`: reassignQuote, selectPrimaryApplicant,
 * selectSecondaryApplicant, or any later writer), writeRecord calls {@link releaseOfficerSignatures} once the change
 * has landed (`EnforceDeps.membersChanged`, set by `depsOf`):
 *
 * 1. A primary officer who left takes the quote signing with them where the flows allow it: the server asks the
 *    quoteSigning flow for `scoreboard.docusignStatus` `none` (its `officerChanged` transitions, by the server, as
 *    the new officer). Before any signature always; after a signature only while the journey is still at order
 *    verification (the nominee approves the quote, spec 000 s6); once the journey has moved on, a signed quote stays
 *    (the company accepted it and the journey built on that: flows/quoteSigning.yaml).
 * 2. Every envelope of the application that names an officer who left as a recipient, and is not final, is voided:
 *    marked `voided_at` here first (the portal's own truth: a voided envelope never counts as signed, whatever the
 *    provider answers later, even if a signature races the void or the provider fails to void) and then at the
 *    provider (`voidEnvelope`: every signing link given out stops working). A completed quote envelope is marked
 *    too when step 1 took the signing back, so its completion can never be recorded again; otherwise a completed
 *    envelope stands, and declined or expired ones are dead already.
 *
 * The new officer signs their own: their getQuoteDocusign finds the latest envelope voided and creates one for
 * them, replacing it (`replaces`, migration 0007). getEnvelope answers `voided` until then.
 */
import type { ServerContext } from '../../context';
import { EnforceError, selectionOf, writeRecord, type AppSnapshot, type Caller, type EnforceDeps, type MemberColumns } from '../../enforce';

/** A `signing_envelopes` row to void: its row id and the provider's envelope id. */
export interface EnvelopeRow {
  id: string;
  envelope_id: string;
}

/** The officer who left a seat the write changed (the seat's previous holder), or null when it was empty or unchanged. */
const leaver = (column: string | null | undefined, before: string | null): string | null => (column !== undefined && column !== before ? before : null);

/**
 * Void `rows` (envelopes of the application `app`): marked in `signing_envelopes` first, then voided at the
 * provider with the catalogue's reason in the application's language. A provider that fails to void is logged:
 * the mark stands, so the envelope never counts; its links may still open at the provider until it is voided there.
 */
export async function voidEnvelopeRows(ctx: ServerContext, app: AppSnapshot, rows: EnvelopeRow[]): Promise<void> {
  if (!rows.length) return;
  await ctx.db
    .updateTable('signing_envelopes')
    .set({ voided_at: new Date() })
    .where('id', 'in', rows.map((r) => r.id))
    .where('voided_at', 'is', null)
    .execute();
  const provider = ctx.services.eSignature;
  const reason = ctx.definitions.message('signing.voided.officerChanged', selectionOf(app));
  for (const row of rows) {
    try {
      const voided = await provider.voidEnvelope(row.envelope_id, reason);
      ctx.log.info({ applicationId: app.id, envelopeId: row.envelope_id, provider: provider.name, voidedAtProvider: voided }, 'envelope of an officer who left voided');
    } catch (e) {
      ctx.log.error({ err: e, applicationId: app.id, envelopeId: row.envelope_id, provider: provider.name }, 'the provider did not void the envelope of an officer who left: it stays voided for the portal');
    }
  }
}

/** Ask the quoteSigning flow to take the quote signing back (docusignStatus none) as `newOfficer`; answers whether it did (or it was none). */
async function takeBackQuoteSigning(ctx: ServerContext, deps: EnforceDeps, applicationId: string, newOfficer: Caller): Promise<boolean> {
  try {
    await writeRecord(deps, { applicationId, caller: newOfficer, request: { path: 'scoreboard.docusignStatus', value: 'none' }, by: 'server' });
    return true;
  } catch (e) {
    if (!(e instanceof EnforceError)) throw e;
    ctx.log.info({ applicationId, code: e.code, reason: e.message }, 'primary officer changed: the quote signing stays as the flow keeps it');
    return false;
  }
}

/**
 * What an officer change does to signatures (see the module's documentation): `before` is the application before
 * the write, `columns` the membership columns it wrote; `deps` writes the quote signing's status.
 */
export async function releaseOfficerSignatures(ctx: ServerContext, deps: EnforceDeps, before: AppSnapshot, columns: MemberColumns): Promise<void> {
  const primaryLeft = leaver(columns.primary_user_id, before.primaryUserId);
  const left = [primaryLeft, leaver(columns.secondary_user_id, before.secondaryUserId)].filter((id): id is string => id !== null);
  if (!left.length) return;
  const newPrimary = primaryLeft ? columns.primary_user_id : null;
  const users = await ctx.db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', newPrimary ? [...left, newPrimary] : left)
    .execute();
  const emailOf = (id: string) => users.find((u) => u.id === id)?.email.toLowerCase();
  const newOfficerEmail = newPrimary ? emailOf(newPrimary) : undefined;
  const quoteTakenBack = newPrimary && newOfficerEmail ? await takeBackQuoteSigning(ctx, deps, before.id, { id: newPrimary, email: newOfficerEmail }) : false;

  const leaving = new Set(left.map(emailOf).filter((e): e is string => e !== undefined));
  const provider = ctx.services.eSignature;
  const rows = await ctx.db
    .selectFrom('signing_envelopes')
    .select(['id', 'envelope_id', 'purpose'])
    .where('application_id', '=', before.id)
    .where('provider', '=', provider.name)
    .where('voided_at', 'is', null)
    .execute();
  const doomed = await Promise.all(
    rows.map(async (row) => {
      const status = await provider.status(row.envelope_id);
      if (!status || !status.recipients.some((r) => leaving.has(r.email.toLowerCase()))) return null;
      const live = status.status === 'created' || status.status === 'sent';
      const signedQuoteTakenBack = status.status === 'completed' && row.purpose === 'quote' && quoteTakenBack;
      return live || signedQuoteTakenBack ? row : null;
    }),
  );
  await voidEnvelopeRows(ctx, before, doomed.filter((r): r is (typeof rows)[number] => r !== null));
}
