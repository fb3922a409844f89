/**
 * Quote signing by e-signature (spec 000 s2 'Order verification', 'Quote sign return screen', s4 'Signing status'):
 * getQuoteDocusign creates (or reuses) the application's quote envelope and answers the signer's page;
 * getEnvelope answers its status and records a completion; getQuotePDF answers a signed link to the quote PDF. The envelope lives at the provider
 * (services.eSignature); `signing_envelopes` remembers which envelope signs which application's quote.
 */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { EnforceError, membershipOf, readSnapshot, refuse, selectionOf, writeRecord, type AppSnapshot } from '../../enforce';
import { quoteFacts, quotePdf, RETURN_EVENTS, withEvent, type EnvelopeState } from '../../signing';
import { quoteDocumentUrl } from '../../signing/quoteDocument';
import { guard, type MemberAccess } from '../access';
import { voidEnvelopeRows } from './officerChange';
import { checkReturnUrl } from './returnUrl';
import { depsOf } from './shared';

/** The application's current quote envelope: its row id, the provider's envelope id and state. */
export interface QuoteEnvelope {
  rowId: string;
  envelopeId: string;
  state: EnvelopeState;
}

/**
 * The quote envelope's state for an application: the provider's, or null before any envelope; `voided` when the
 * portal voided it (its officer left: officerChange.ts), whatever the provider answers.
 */
export async function quoteEnvelope(ctx: ServerContext, applicationId: string): Promise<QuoteEnvelope | null> {
  const latest = await latestEnvelope(ctx, applicationId, 'quote');
  if (!latest) return null;
  const { row, status } = latest;
  if (row.voided_at) return { rowId: row.id, envelopeId: row.envelope_id, state: 'voided' };
  return status && { rowId: row.id, envelopeId: row.envelope_id, state: status.status };
}

/**
 * The application's latest envelope of `purpose` with the configured provider (null before any), and the provider's
 * status of it (not asked when the portal voided it).
 */
export async function latestEnvelope(ctx: ServerContext, applicationId: string, purpose: 'quote' | 'lease') {
  const provider = ctx.services.eSignature;
  const row = await ctx.db
    .selectFrom('signing_envelopes')
    .select(['id', 'envelope_id', 'voided_at'])
    .where('application_id', '=', applicationId)
    .where('purpose', '=', purpose)
    .where('provider', '=', provider.name)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return { row, status: row.voided_at ? null : await provider.status(row.envelope_id) };
}

/** Whether the application's quote envelope is completed according to its provider. */
export async function quoteSignedByProvider(ctx: ServerContext, applicationId: string): Promise<boolean> {
  return (await quoteEnvelope(ctx, applicationId))?.state === 'completed';
}

const isWet = (app: AppSnapshot) => getPath(app.record, 'scoreboard.wetSignature.signType') === 'wet';

/** Record `scoreboard.docusignStatus` as the provider reports it (the flow's `by: server` transitions). */
async function recordSigning(ctx: ServerContext, access: MemberAccess, value: 'created' | 'completed') {
  return writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: 'scoreboard.docusignStatus', value }, by: 'server' });
}

/** Whether a database error is a unique violation (PostgreSQL and PGlite both report SQLSTATE 23505). */
const isUniqueViolation = (e: unknown) => (e as { code?: unknown }).code === '23505';

/**
 * A new quote envelope for the caller as signer, replacing `previous` (declined, expired or voided; null for the
 * first); answers their signing URL. Two requests at once that saw the same `previous` both ask the provider, but
 * only one row replaces it (unique index, migration 0007): the other answers the winner's envelope, so the signer
 * only ever sees one. A caller who left the application while it was being made gets none (see below).
 */
async function newQuoteEnvelope(ctx: ServerContext, access: MemberAccess, returnUrl: string, previous: QuoteEnvelope | null): Promise<{ url: string; message: string }> {
  const provider = ctx.services.eSignature;
  const selection = selectionOf(access.app);
  const layers = ctx.definitions.layers(selection);
  const pdf = await quotePdf(quoteFacts(access.app.record), (key, vars) => ctx.definitions.message(key, selection, vars), layers.settings);
  const user = access.user;
  const created = await provider.createEnvelope({
    documents: [{ name: pdf.name, bytes: pdf.bytes }],
    recipients: [{ name: `${user.firstName} ${user.lastName}`.trim() || user.email, email: user.email, role: 'signer' }],
    returnUrl,
  });
  let rowId: string;
  try {
    ({ id: rowId } = await ctx.db
      .insertInto('signing_envelopes')
      .values({ application_id: access.app.id, purpose: 'quote', provider: provider.name, envelope_id: created.envelopeId, replaces: previous?.rowId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow());
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const winner = await quoteEnvelope(ctx, access.app.id);
    const url = winner && winner.rowId !== previous?.rowId ? await provider.signingUrl(winner.envelopeId, user.email, returnUrl) : null;
    ctx.log.info({ applicationId: access.app.id, unused: created.envelopeId, envelopeId: winner?.envelopeId }, 'quote envelope created by a concurrent request: answering that one');
    if (!url) throw e;
    return { url, message: 'unchanged' };
  }
  // The caller's seat changed while the envelope was being made (their own hand-over at the same moment): the
  // hand-over's sweep (officerChange.ts) may have looked before this row existed, so it is voided here. Either the
  // sweep saw the row or this read sees the change: the row is inserted before this read, the change before the sweep.
  const now = await readSnapshot(ctx.db, access.app.id);
  if (!now || membershipOf(now, user) !== membershipOf(access.app, user)) {
    await voidEnvelopeRows(ctx, access.app, [{ id: rowId, envelope_id: created.envelopeId }]);
    throw refuse('FORBIDDEN', 'no application with this id is yours', { applicationId: access.app.id });
  }
  ctx.log.info({ applicationId: access.app.id, envelopeId: created.envelopeId, provider: provider.name }, 'quote envelope created');
  return { url: created.signingUrls[0].url, message: 'OK' };
}

/** getEnvelope's status for a provider state (the spec knows none, created and completed; a sent envelope is created). */
const ENVELOPE_ANSWER: Readonly<Record<EnvelopeState, string>> = { created: 'created', sent: 'created', completed: 'completed', declined: 'declined', expired: 'expired', voided: 'voided' };

/** Resolvers of the quote envelope. */
export const signingResolvers = {
  Mutation: {
    getQuoteDocusign: guard('applicationMember', async (args: { returnUrl: string; applicationId?: string | null }, ctx, access) => {
      checkReturnUrl(ctx, args.returnUrl, { path: `/applications/${access.app.id}/quotesign`, required: true });
      // Signed already (recorded, or completed at the provider): the return page learns so from getEnvelope and moves the journey on.
      const signed = { url: withEvent(args.returnUrl, RETURN_EVENTS.completed), message: 'unchanged' };
      if (getPath(access.app.record, 'scoreboard.docusignStatus') === 'completed') return signed;
      if (isWet(access.app)) throw refuse('INVALID_TRANSITION', 'this quote is accepted by wet signature: there is no envelope to sign', { applicationId: access.app.id });
      const existing = await quoteEnvelope(ctx, access.app.id);
      if (existing?.state === 'completed') return signed;
      // The flow decides who may ask for the quote envelope and when (quoteSigning: the primary officer, unsigned).
      await recordSigning(ctx, access, 'created');
      if (existing && (existing.state === 'created' || existing.state === 'sent')) {
        // The same envelope for its signer (a reassigned application gets a new one for its new officer).
        const url = await ctx.services.eSignature.signingUrl(existing.envelopeId, access.user.email, args.returnUrl);
        if (url) return { url, message: 'unchanged' };
      }
      return newQuoteEnvelope(ctx, access, args.returnUrl, existing);
    }),
    // The quote as a PDF download (wet signing's 'Download Quote'; any member may read the quote): a signed link on the brand's origin.
    getQuotePDF: guard('applicationMember', async (_args: { applicationId?: string | null }, ctx, access) => ({
      url: quoteDocumentUrl(ctx.services.config.secret, ctx.brand.publicOrigin, access.app.id),
      message: 'OK',
    })),
    getEnvelope: guard('applicationMember', async (_args: { applicationId?: string | null }, ctx, access) => {
      const envelope = await quoteEnvelope(ctx, access.app.id);
      if (!envelope) {
        const stored = getPath(access.app.record, 'scoreboard.docusignStatus');
        return { status: typeof stored === 'string' ? stored : 'none' };
      }
      if (envelope.state === 'completed' && getPath(access.app.record, 'scoreboard.docusignStatus') !== 'completed') {
        try {
          await recordSigning(ctx, access, 'completed');
        } catch (e) {
          // Refused for another member (no role in quote signing): the signer's own call records it.
          if (!(e instanceof EnforceError)) throw e;
          ctx.log.info({ reason: e.message, applicationId: access.app.id }, 'quote signing completion not recorded');
        }
      }
      return { status: ENVELOPE_ANSWER[envelope.state] };
    }),
  },
};
