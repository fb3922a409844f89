/**
 * Quote signing by e-signature (spec 000 s2 'Order verification', 'Quote sign return screen', s4 'Signing status'):
 * getQuoteDocusign creates (or reuses) the application's quote envelope and answers the signer's page;
 * getEnvelope answers its status and records a completion. The envelope lives at the provider
 * (services.eSignature); `signing_envelopes` remembers which envelope signs which application's quote.
 */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { EnforceError, refuse, selectionOf, writeRecord, type AppSnapshot } from '../../enforce';
import { quoteFacts, quotePdf, RETURN_EVENTS, withEvent, type EnvelopeState } from '../../signing';
import { guard, type MemberAccess } from '../access';
import { checkReturnUrl } from './returnUrl';
import { depsOf } from './shared';

/** The quote envelope's state for an application: the provider's, or `none` before any envelope. */
export async function quoteEnvelope(ctx: ServerContext, applicationId: string): Promise<{ envelopeId: string; state: EnvelopeState } | null> {
  const provider = ctx.services.eSignature;
  const row = await ctx.db
    .selectFrom('signing_envelopes')
    .select('envelope_id')
    .where('application_id', '=', applicationId)
    .where('purpose', '=', 'quote')
    .where('provider', '=', provider.name)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  const status = await provider.status(row.envelope_id);
  return status && { envelopeId: row.envelope_id, state: status.status };
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

/** A new quote envelope for the caller as signer; answers their signing URL. */
async function newQuoteEnvelope(ctx: ServerContext, access: MemberAccess, returnUrl: string): Promise<string> {
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
  await ctx.db.insertInto('signing_envelopes').values({ application_id: access.app.id, purpose: 'quote', provider: provider.name, envelope_id: created.envelopeId }).execute();
  ctx.log.info({ applicationId: access.app.id, envelopeId: created.envelopeId, provider: provider.name }, 'quote envelope created');
  return created.signingUrls[0].url;
}

/** getEnvelope's status for a provider state (the spec knows none, created and completed; a sent envelope is created). */
const ENVELOPE_ANSWER: Readonly<Record<EnvelopeState, string>> = { created: 'created', sent: 'created', completed: 'completed', declined: 'declined', expired: 'expired' };

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
      return { url: await newQuoteEnvelope(ctx, access, args.returnUrl), message: 'OK' };
    }),
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
