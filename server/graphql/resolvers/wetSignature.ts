/**
 * Wet signature (spec 002 s4): attach signed uploads, clear them, submit; each answer says whether it changed
 * anything. The lease documents (server/signing/leaseDocuments.ts): getWetSignatureUrl answers their download links,
 * sendWetSignatureEmail queues them as PDF attachments in the outbox (rate limits `leaseDocumentEmail`, per user,
 * per recipient and per client, as invitations are). Both for the primary officer, on an approved wet-signature
 * application (the contract page's wet signature screen, flows/contract.yaml).
 */
import { getPath } from '../../../runtime/core/source/pointer';
import { join } from 'node:path';
import { applicableDocuments, instructionDocument, leaseDocumentPdf, leaseDocumentUrl, type LeaseDocument } from '../../signing/leaseDocuments';
import { readPdfAsset } from '../../signing/pdfAssets';
import { quoteFacts } from '../../signing';
import { apiError } from '../apiErrors';
import { rateLimited } from '../rateLimits';
import type { ServerContext } from '../../context';
import { refuse, selectionOf, writeRecord, type AppSnapshot, type EnforceError } from '../../enforce';
import { confirmUpload, fileByUuid, signedDownload, slotAt } from '../../files';
import { guard, type MemberAccess } from '../access';
import { fileCall, filesOf } from './files';
import { depsOf } from './shared';

/** The wet-signature document keys (spec 000 s3). */
export const WET_DOCUMENTS = ['documentMLA', 'documentPCA', 'documentBank', 'documentQuote', 'documentAI', 'documentAI_MMBA'] as const;

function documentName(name: string): string {
  if (!(WET_DOCUMENTS as readonly string[]).includes(name)) throw refuse('INVALID_PATH', `'${name}' is not a wet-signature document (${WET_DOCUMENTS.join(', ')})`, { wetSignatureObjName: name });
  return name;
}

function notSubmitted(app: AppSnapshot): void {
  if (getPath(app.record, 'scoreboard.wetSignature.status') === 'completed') throw refuse('ALREADY_SUBMITTED', 'the signed documents are already submitted', { applicationId: app.id });
}

/** Why a submit that would change nothing is refused: submitted already, or finished without wet signing. */
function nothingToSubmit(app: AppSnapshot): EnforceError {
  if (getPath(app.record, 'scoreboard.wetSignature.status') === 'completed') return refuse('ALREADY_SUBMITTED', 'the signed documents are already submitted', { applicationId: app.id });
  const signType = getPath(app.record, 'scoreboard.wetSignature.signType') ?? 'none';
  return refuse('INVALID_TRANSITION', `the application is finished already (signing: ${String(signType)}): there are no signed documents to submit`, { applicationId: app.id });
}

/** 'OK' when a write changed the application, 'unchanged' when it held that already. */
const said = (changed: boolean) => (changed ? 'OK' : 'unchanged');

/** Signed URLs are built on the brand's configured public origin, never on the request's Host. */
const origin = (ctx: ServerContext) => ctx.brand.publicOrigin;

/** The names that stand for every applicable document (spec 000 s7 'download-all or send-all'). */
const ALL = new Set(['download-all', 'send-all']);
/** An e-mail address as the contract page's form checks it (format email). */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The documents a call names, for the primary officer of an approved wet-signature application; refused otherwise. */
function documentsFor(ctx: ServerContext, access: MemberAccess, name: string): { docs: LeaseDocument[]; settings: Record<string, unknown>; selection: Record<string, string> } {
  if (!access.roles.includes('primary')) throw apiError('FORBIDDEN', 'only the primary officer receives the lease documents');
  const record = access.app.record;
  // Digital signing with a personal guarantee (002 s2 'Combined screen'): the guarantee alone is signed on paper.
  const combined = getPath(record, 'scoreboard.businessDetails.financeDetails.personalGuarantee') === 'yes' && name === 'documentPCA';
  if (getPath(record, 'scoreboard.wetSignature.signType') !== 'wet' && !combined) throw refuse('INVALID_TRANSITION', 'the lease is not signed on paper (wetSignature.signType is not wet)', { applicationId: access.app.id });
  const credit = String(getPath(record, 'scoreboard.statusCreditCheck') ?? 'refer').toLowerCase();
  if (credit !== 'approved') throw refuse('INVALID_TRANSITION', `the lease documents are prepared once the credit check approved the application (credit status: ${credit})`, { applicationId: access.app.id });
  const selection = selectionOf(access.app);
  const settings = ctx.definitions.layers(selection).settings;
  const applicable = applicableDocuments(settings, record);
  if (ALL.has(name)) return { docs: applicable, settings, selection };
  documentName(name);
  const doc = applicable.find((d) => d.key === name);
  if (!doc) throw refuse('NOT_FOUND', `'${name}' is not one of this application's lease documents (${applicable.map((d) => d.key).join(', ')})`, { wetSignatureObjName: name });
  return { docs: [doc], settings, selection };
}

/** Resolvers of the wet-signature writers and the lease documents. */
export const wetSignatureResolvers = {
  Mutation: {
    getWetSignatureUrl: guard('applicationMember', async (args: { applicationId: string; wetSignatureObjName: string }, ctx, access: MemberAccess) => {
      const { docs, settings } = documentsFor(ctx, access, args.wetSignatureObjName);
      const secret = ctx.services.config.secret;
      return { files: docs.map((d) => ({ url: leaseDocumentUrl(secret, origin(ctx), access.app.id, d, settings), fileName: d.fileName })) };
    }),
    sendWetSignatureEmail: guard('applicationMember', async (args: { applicationId: string; wetSignatureObjName: string; email: string }, ctx, access: MemberAccess) => {
      const email = args.email.trim().toLowerCase();
      if (!EMAIL.test(email) || email.length > 254) throw refuse('INVALID_VALUE', 'email must be an e-mail address', { email: args.email });
      const { docs, settings, selection } = documentsFor(ctx, access, args.wetSignatureObjName);
      // Counted before anything is generated: per signed-in user, per recipient, per client (settings.rateLimits).
      const ticket = await ctx.services.limits.take('leaseDocumentEmail', ctx.services.limitRules(ctx.brand).leaseDocumentEmail, { client: ctx.client, email, user: access.user.id });
      if (!ticket.allowed) {
        ctx.log.info({ action: 'leaseDocumentEmail', per: ticket.rule.per }, 'rate limited');
        throw rateLimited('leaseDocumentEmail', ticket);
      }
      try {
        const text = (key: string, vars?: Record<string, string | number>) => ctx.definitions.message(key, selection, vars);
        const assets = join(ctx.services.config.root, 'brands/assets/documents');
        const attachments = await Promise.all(docs.map(async (d) => {
          const content = d.instructions ? readPdfAsset(assets, instructionDocument(settings)) : await leaseDocumentPdf(d.key, access.app.record, text, settings);
          if (!content) throw new Error(`the instruction document '${instructionDocument(settings)}' is missing from brands/assets/documents`);
          return { fileName: d.fileName, mimeType: 'application/pdf', content };
        }));
        const brand = text('brand.name');
        const company = quoteFacts(access.app.record).company;
        const names = docs.map((d) => text(`contract.document.${d.key}`)).join(', ');
        await ctx.services.email.send({
          to: email,
          subject: text('contract.email.subject', { brand }),
          text: text('contract.email.body', { brand, company, documents: names }),
          template: 'leaseDocuments',
          brandId: ctx.brand.id,
          data: { applicationId: access.app.id, documents: docs.map((d) => d.key) },
          attachments,
        });
      } catch (error) {
        await ticket.release();
        throw error;
      }
      return { url: null, message: 'OK' };
    }),
    uploadWetSignature: guard(
      'applicationMember',
      async (args: { applicationId: string; wetSignatureObjName: string; uploadFileObj: { uuid: string } }, ctx, access: MemberAccess) => {
        const name = documentName(args.wetSignatureObjName);
        notSubmitted(access.app);
        const path = `scoreboard.wetSignature.${name}.uploadFile`;
        const found = await fileByUuid(ctx.db, args.uploadFileObj.uuid);
        const mine = found && (found.owner_user_id === access.user.id || found.application_id === access.app.id);
        if (!found || !mine) throw refuse('NOT_FOUND', 'no uploaded file with this uuid is yours', { uuid: args.uploadFileObj.uuid });
        // The slot's types come from the definitions (settings.uploads); an upload still in quarantine is inspected now.
        const accept = slotAt(ctx.definitions.layers(selectionOf(access.app)), path)?.slot.accept ?? [];
        if (!accept.includes(found.mime_type)) throw refuse('INVALID_VALUE', `signed documents must be ${accept.join(' or ')} files`, { uuid: found.id });
        const file = await fileCall(() => confirmUpload(filesOf(ctx), found));
        // The stored reference comes from the file row, not from the client's description of it.
        const value = { fileName: file.file_name, uuid: file.id, mimeType: file.mime_type };
        const result = await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path, value, operation: 'uploadWetSignature' } });
        return { url: (await signedDownload(ctx.services.storage, file, origin(ctx))).signedUrl, message: said(result.decision.kind !== 'unchanged') };
      },
    ),
    deleteWetSignature: guard('applicationMember', async (args: { applicationId: string; wetSignatureObjName: string }, ctx, access: MemberAccess) => {
      const name = documentName(args.wetSignatureObjName);
      notSubmitted(access.app);
      const result = await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: `scoreboard.wetSignature.${name}.uploadFile`, value: null, operation: 'deleteWetSignature' } });
      return { url: null, message: said(result.decision.kind !== 'unchanged') };
    }),
    submitWetSignature: guard('applicationMember', async (args: { applicationId: string; status?: string | null }, ctx, access: MemberAccess) => {
      if (args.status != null && args.status !== 'completed') throw refuse('INVALID_VALUE', "status must be 'completed'", { status: args.status });
      notSubmitted(access.app);
      // One submission per application: only the call whose transition lands answers success; a repeat (double
      // click, retry after a lost answer, a concurrent submit) is refused saying it was submitted already.
      await writeRecord(depsOf(ctx), {
        applicationId: access.app.id,
        caller: access.user,
        request: { path: 'scoreboard.status', value: 'finished' },
        snapshot: access.app,
        refuseUnchanged: nothingToSubmit,
      });
      return { url: `/applications/${access.app.id}`, message: said(true) };
    }),
  },
};
