/**
 * Wet signature (spec 002 s4): attach signed uploads, clear them, submit. Generating and e-mailing the
 * documents (getWetSignatureUrl, sendWetSignatureEmail, getQuotePDF) waits for the documents provider.
 */
import { getPath } from '../../../runtime/core/source/pointer';
import type { ServerContext } from '../../context';
import { idempotent, refuse, writeRecord, type AppSnapshot } from '../../enforce';
import { fileByUuid, signedDownload } from '../../files';
import { guard, type MemberAccess } from '../access';
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
        const file = await fileByUuid(ctx.db, args.uploadFileObj.uuid);
        const mine = file && file.status === 'uploaded' && (file.owner_user_id === access.user.id || file.application_id === access.app.id);
        if (!file || !mine) throw refuse('NOT_FOUND', 'no uploaded file with this uuid is yours', { uuid: args.uploadFileObj.uuid });
        if (file.mime_type !== 'application/pdf') throw refuse('INVALID_VALUE', 'signed documents must be PDF files', { uuid: file.id });
        // The stored reference comes from the file row, not from the client's description of it.
        const value = { fileName: file.file_name, uuid: file.id, mimeType: file.mime_type };
        await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: `scoreboard.wetSignature.${name}.uploadFile`, value } });
        return { url: signedDownload(ctx.services.storage, file, origin(ctx)).signedUrl };
      },
    ),
    deleteWetSignature: guard('applicationMember', async (args: { applicationId: string; wetSignatureObjName: string }, ctx, access: MemberAccess) => {
      const name = documentName(args.wetSignatureObjName);
      notSubmitted(access.app);
      await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: `scoreboard.wetSignature.${name}.uploadFile`, value: null } });
      return { url: null };
    }),
    submitWetSignature: guard('applicationMember', async (args: { applicationId: string; status?: string | null }, ctx, access: MemberAccess) => {
      if (args.status != null && args.status !== 'completed') throw refuse('INVALID_VALUE', "status must be 'completed'", { status: args.status });
      // One submission per application: a repeat (double click, retry after a lost answer) gets the first answer.
      return idempotent(ctx.db, 'submitWetSignature', access.app.id, access.user.id, async () => {
        await writeRecord(depsOf(ctx), { applicationId: access.app.id, caller: access.user, request: { path: 'scoreboard.status', value: 'finished' } });
        return { url: `/applications/${access.app.id}` };
      });
    }),
  },
};
