/**
 * Wet signature (spec 002 s4): attach signed uploads, clear them, submit; each answer says whether it changed
 * anything. Generating and e-mailing the documents (getWetSignatureUrl, sendWetSignatureEmail, getQuotePDF)
 * waits for the documents provider.
 */
import { getPath } from '../../../runtime/core/source/pointer';
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

/** Resolvers of the wet-signature writers. */
export const wetSignatureResolvers = {
  Mutation: {
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
