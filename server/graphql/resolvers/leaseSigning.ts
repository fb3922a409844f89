/**
 * Lease signing by e-signature (spec 002 s2 'Combined screen', 'Digital signing screen', s4 'Digital signing',
 * s5 'Personal guarantee before signing', s7 getEnvelopeMLA, getMLADocusign). One lease envelope per application
 * at a time (`signing_envelopes` purpose `lease`, the unique index of migration 0007), made from the lease documents
 * of server/signing/leaseDocuments.ts for the people of server/signing/leaseSigning.ts. Whether signing finished is
 * decided here from the provider's envelope, never from the browser: then `status` (and `statusSecondary` where
 * there is a secondary officer) become finished through the flows' `signed` transitions (by: server), and the
 * provider's signed PDF is kept as the application's document (scoreboard.signedLease, read with getFileByUUID).
 */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { refuse, selectionOf, writeRecord, type AppSnapshot, type Caller } from '../../enforce';
import { newStorageKey } from '../../files';
import { RETURN_EVENTS, turnOf, withEvent, type EnvelopeState, type EnvelopeStatus } from '../../signing';
import { applicableDocuments, leaseDocumentPdf } from '../../signing/leaseDocuments';
import { hasSecondaryOfficer, isWetSigning, leaseEnvelopeAnswer, leaseRecipients, leaseSigningFinished, type LeaseRecipient } from '../../signing/leaseSigning';
import { guard, type MemberAccess } from '../access';
import { checkReturnUrl } from './returnUrl';
import { latestEnvelope } from './signing';
import { depsOf } from './shared';

/** The application's current lease envelope row and what its provider says (null before any). */
interface LeaseEnvelope {
  rowId: string;
  envelopeId: string;
  state: EnvelopeState;
  status: EnvelopeStatus | null;
}

async function leaseEnvelope(ctx: ServerContext, applicationId: string): Promise<LeaseEnvelope | null> {
  const latest = await latestEnvelope(ctx, applicationId, 'lease');
  if (!latest) return null;
  const { row, status } = latest;
  return { rowId: row.id, envelopeId: row.envelope_id, state: row.voided_at ? 'voided' : status?.status ?? 'voided', status };
}

const credit = (app: AppSnapshot) => String(getPath(app.record, 'scoreboard.statusCreditCheck') ?? 'refer').toLowerCase();
const guaranteeApplies = (app: AppSnapshot) => getPath(app.record, 'scoreboard.businessDetails.financeDetails.personalGuarantee') === 'yes';
const guaranteeUploaded = (app: AppSnapshot) => Boolean(getPath(app.record, 'scoreboard.wetSignature.documentPCA.uploadFile.uuid'));

/**
 * Which officer the caller signs as, refused unless their signing is open: the caller's own seat (a client's
 * isCurrentUserPrimary naming the other officer is refused), an approved application, digital signing enabled by
 * the primary officer (002 s2 'Accepted'; the Personal Guarantee uploaded first where one applies, 002 s5) or, with
 * wet signature, the secondary officer alone (the primary signs on paper), whose own step is signing.
 */
function signingOfficer(access: MemberAccess, isCurrentUserPrimary: boolean | null | undefined): 'primary' | 'secondary' {
  const { app } = access;
  const seat = access.roles.includes('primary') ? 'primary' : access.roles.includes('secondary') ? 'secondary' : null;
  if (!seat) throw refuse('FORBIDDEN', 'only the application\'s authorised officers sign the lease', { applicationId: app.id });
  if (isCurrentUserPrimary != null && isCurrentUserPrimary !== (seat === 'primary')) {
    throw refuse('FORBIDDEN', `isCurrentUserPrimary says ${String(isCurrentUserPrimary)} but you are the ${seat} officer: nobody signs for another officer`, { applicationId: app.id });
  }
  if (credit(app) !== 'approved') throw refuse('INVALID_TRANSITION', `the lease is signed once the credit check approved the application (credit status: ${credit(app)})`, { applicationId: app.id });
  if (seat === 'secondary' && getPath(app.record, 'scoreboard.statusSecondary') !== 'reviewAndSignContract') {
    throw refuse('INVALID_TRANSITION', `the secondary officer signs once their own step is signing (statusSecondary: ${String(getPath(app.record, 'scoreboard.statusSecondary') ?? 'none')})`, { applicationId: app.id });
  }
  if (isWetSigning(app.record)) {
    if (seat === 'primary') throw refuse('INVALID_TRANSITION', 'the lease is signed on paper (wetSignature.signType is wet): the primary officer submits the signed documents', { applicationId: app.id });
    return seat;
  }
  if (getPath(app.record, 'scoreboard.status') !== 'reviewAndSignContract') {
    throw refuse('INVALID_TRANSITION', `the lease is signed in the reviewAndSignContract step (status: ${String(getPath(app.record, 'scoreboard.status'))})`, { applicationId: app.id });
  }
  if (getPath(app.record, 'scoreboard.signingEnabled') !== true) throw refuse('INVALID_TRANSITION', 'signing is not enabled yet: the primary officer opens it on the contract page', { applicationId: app.id });
  if (guaranteeApplies(app) && !guaranteeUploaded(app)) {
    throw refuse('GUARD_FAILED', 'the Personal Guarantee is signed on paper and uploaded before the lease is signed (002 s5)', { applicationId: app.id, messageKey: 'api.error.guaranteeFirst' });
  }
  return seat;
}

/** The lease documents the envelope carries: those that apply, but the instructions and (signed on paper) the Personal Guarantee. */
async function envelopeDocuments(ctx: ServerContext, app: AppSnapshot) {
  const selection = selectionOf(app);
  const settings = ctx.definitions.layers(selection).settings;
  const text = (key: string, vars?: Record<string, string | number>) => ctx.definitions.message(key, selection, vars);
  const docs = applicableDocuments(settings, app.record).filter((d) => !d.instructions && d.key !== 'documentPCA');
  return Promise.all(docs.map(async (d) => ({ name: d.fileName, bytes: await leaseDocumentPdf(d.key, app.record, text, settings) })));
}

const isUniqueViolation = (e: unknown) => (e as { code?: unknown }).code === '23505';

/**
 * The current lease envelope, or a new one replacing `previous` (declined, expired or voided; null for the first).
 * Concurrent calls that saw the same `previous` all ask the provider, but only one row replaces it (unique index):
 * the others void their own envelope and use the winner's, so there is one envelope however many calls.
 */
async function currentOrNew(ctx: ServerContext, app: AppSnapshot, returnUrl: string, previous: LeaseEnvelope | null): Promise<LeaseEnvelope> {
  const provider = ctx.services.eSignature;
  const recipients = leaseRecipients(app.record);
  const created = await provider.createEnvelope({ documents: await envelopeDocuments(ctx, app), recipients: recipients.map(({ officer: _officer, ...r }) => r), returnUrl });
  try {
    const { id } = await ctx.db
      .insertInto('signing_envelopes')
      .values({ application_id: app.id, purpose: 'lease', provider: provider.name, envelope_id: created.envelopeId, replaces: previous?.rowId ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    ctx.log.info({ applicationId: app.id, envelopeId: created.envelopeId, provider: provider.name, recipients: recipients.length }, 'lease envelope created');
    return { rowId: id, envelopeId: created.envelopeId, state: 'sent', status: await provider.status(created.envelopeId) };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    await provider.voidEnvelope(created.envelopeId, 'replaced by a concurrent request');
    const winner = await leaseEnvelope(ctx, app.id);
    if (!winner || winner.rowId === previous?.rowId) throw e;
    ctx.log.info({ applicationId: app.id, unused: created.envelopeId, envelopeId: winner.envelopeId }, 'lease envelope created by a concurrent request: answering that one');
    return winner;
  }
}

/** The officer's user as a caller (the server records a provider outcome in their seat). */
async function officerCaller(ctx: ServerContext, app: AppSnapshot, which: 'primary' | 'secondary'): Promise<Caller | null> {
  const id = which === 'primary' ? app.primaryUserId : app.secondaryUserId;
  if (!id) return null;
  const user = await ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).executeTakeFirst();
  return user ?? null;
}

/**
 * Signing finished at the provider: keep the signed PDF (digital signing: scoreboard.signedLease, once per envelope),
 * then `status` finished (digital signing) and `statusSecondary` finished (where there is a secondary officer), each
 * through its flow's `signed` transition, by the server in that officer's seat. A repeat changes nothing.
 */
async function finishSigning(ctx: ServerContext, app: AppSnapshot, envelope: LeaseEnvelope): Promise<void> {
  const deps = depsOf(ctx);
  const wet = isWetSigning(app.record);
  const primary = await officerCaller(ctx, app, 'primary');
  if (!wet && primary && getPath(app.record, 'scoreboard.signedLease.envelopeId') !== envelope.envelopeId) {
    const bytes = await ctx.services.eSignature.signedDocument(envelope.envelopeId);
    if (bytes) {
      const fileName = ctx.definitions.message('contract.digital.signedFileName', selectionOf(app));
      const key = newStorageKey();
      await ctx.services.storage.put(key, bytes, { mimeType: 'application/pdf', fileName });
      const file = await ctx.db
        .insertInto('files')
        .values({ storage_key: key, file_name: fileName, mime_type: 'application/pdf', size_bytes: bytes.byteLength, status: 'uploaded', owner_user_id: primary.id, application_id: app.id, slot: 'scoreboard.signedLease.uploadFile' })
        .returning(['id'])
        .executeTakeFirstOrThrow();
      await writeRecord(deps, {
        applicationId: app.id,
        caller: primary,
        request: { path: 'scoreboard.signedLease', value: { envelopeId: envelope.envelopeId, uploadFile: { fileName, uuid: file.id, mimeType: 'application/pdf' } }, operation: 'getEnvelopeMLA' },
      });
    }
  }
  if (!wet && primary) await writeRecord(deps, { applicationId: app.id, caller: primary, request: { path: 'scoreboard.status', value: 'finished' }, by: 'server' });
  const secondary = hasSecondaryOfficer(app.record) ? await officerCaller(ctx, app, 'secondary') : null;
  if (secondary) await writeRecord(deps, { applicationId: app.id, caller: secondary, request: { path: 'scoreboard.statusSecondary', value: 'finished' }, by: 'server' });
  ctx.log.info({ applicationId: app.id, envelopeId: envelope.envelopeId, wet }, 'lease signing finished');
}

/** Whether the application's lease signing is recorded as finished for the envelope's people. */
const recordedFinished = (app: AppSnapshot) =>
  (isWetSigning(app.record) || getPath(app.record, 'scoreboard.status') === 'finished') &&
  (!hasSecondaryOfficer(app.record) || getPath(app.record, 'scoreboard.statusSecondary') === 'finished');

/** The signer whose turn it is on the envelope, as the record's officer (null: a witness's turn, or nobody's). */
const turnOfficer = (envelope: LeaseEnvelope, people: LeaseRecipient[]) => {
  const next = envelope.status && turnOf(envelope.status.recipients);
  return next ? people.find((p) => p.email === next.email)?.officer ?? null : null;
};

/** Resolvers of the lease envelope. */
export const leaseSigningResolvers = {
  Mutation: {
    getEnvelopeMLA: guard('applicationMember', async (_args: { applicationId: string }, ctx, access: MemberAccess) => {
      const people = leaseRecipients(access.app.record);
      const envelope = await leaseEnvelope(ctx, access.app.id);
      const status = envelope?.state === 'voided' ? null : envelope?.status ?? null;
      if (envelope && status && leaseSigningFinished(status, people) && !recordedFinished(access.app)) await finishSigning(ctx, access.app, envelope);
      return { status: leaseEnvelopeAnswer(status, people) };
    }),
    getMLADocusign: guard('applicationMember', async (args: { applicationId: string; isCurrentUserPrimary?: boolean | null; returnUrl: string }, ctx, access: MemberAccess) => {
      checkReturnUrl(ctx, args.returnUrl, { path: `/applications/${access.app.id}/quotesign-mla`, required: true });
      const seat = signingOfficer(access, args.isCurrentUserPrimary);
      const people = leaseRecipients(access.app.record);
      const me = people.find((p) => p.officer === seat);
      if (!me) throw refuse('INVALID_VALUE', `the ${seat} officer has no e-mail address on the application to sign with`, { applicationId: access.app.id });
      let envelope = await leaseEnvelope(ctx, access.app.id);
      if (envelope?.state === 'completed') return { url: withEvent(args.returnUrl, RETURN_EVENTS.completed), message: 'unchanged' };
      const open = envelope && (envelope.state === 'sent' || envelope.state === 'created') && envelope.status?.recipients.some((r) => r.email === me.email);
      if (!open) envelope = await currentOrNew(ctx, access.app, args.returnUrl, envelope);
      if (!envelope) throw refuse('CONFLICT', 'the lease envelope could not be prepared: retry', { applicationId: access.app.id });
      // Recipients sign in order (002 s6: the primary first): only the officer whose turn it is gets a signing page.
      const turn = turnOfficer(envelope, people);
      if (turn !== seat) {
        const done = envelope.status?.recipients.find((r) => r.email === me.email)?.status === 'completed';
        if (done) return { url: withEvent(args.returnUrl, RETURN_EVENTS.completed), message: 'unchanged' };
        throw refuse('INVALID_TRANSITION', `it is not the ${seat} officer's turn to sign (${turn ?? 'a witness'} signs next)`, { applicationId: access.app.id });
      }
      const url = await ctx.services.eSignature.signingUrl(envelope.envelopeId, me.email, args.returnUrl);
      if (!url) throw refuse('CONFLICT', 'the lease envelope has no signing page for you: retry', { applicationId: access.app.id });
      return { url, message: open ? 'unchanged' : 'OK' };
    }),
  },
};
