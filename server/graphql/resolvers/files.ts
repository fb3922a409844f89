/** Resolvers of `schema/files.graphql`: every operation needs a signed-in user, checked by the access wrapper first. */
import type { ServerContext } from '../../context';
import { createUpload, fileByUuid, FileRefused, signedDownload, storeInline } from '../../files';
import { apiError, guard } from '../access';

/** A file refusal as an API error (its code's text comes from the catalogue; a missing file has its own text). */
const refused = (e: FileRefused) => apiError(e.code, `file refused: ${e.code}`, e.code === 'NOT_FOUND' ? { messageKey: 'api.error.file.NOT_FOUND' } : {});

/** Whether the user may attach to / read files of this application. */
async function onApplication(ctx: ServerContext, userId: string, applicationId: string | null | undefined): Promise<boolean> {
  if (!applicationId) return true;
  if (!/^[0-9a-f-]{36}$/i.test(applicationId)) return false;
  const app = await ctx.db
    .selectFrom('applications')
    .select('id')
    .where('id', '=', applicationId)
    .where((eb) => eb.or([eb('primary_user_id', '=', userId), eb('secondary_user_id', '=', userId)]))
    .executeTakeFirst();
  return Boolean(app);
}

/** Signed URLs are built on the brand's configured public origin, never on the request's Host. */
const origin = (ctx: ServerContext) => ctx.brand.publicOrigin;

/** Run a file operation, answering its refusals as API errors. */
async function fileCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof FileRefused) throw refused(e);
    throw e;
  }
}

/** Refuse unless the user is a member of the application the file names (when it names one). */
async function requireOnApplication(ctx: ServerContext, userId: string, applicationId: string | null | undefined): Promise<void> {
  if (!(await onApplication(ctx, userId, applicationId))) throw apiError('FORBIDDEN', 'the file names an application that is not yours', { applicationId });
}

type FileInput = { fileName: string; mimeType: string; size?: number | null; applicationId?: string | null; content?: string | null; uuid?: string | null };

/** The resolver map. */
export const filesResolvers = {
  Mutation: {
    getSignedUrl: guard('signedIn', (args: { file: FileInput }, ctx, user) =>
      fileCall(async () => {
        await requireOnApplication(ctx, user.id, args.file.applicationId);
        return createUpload(ctx.db, ctx.services.storage, { ...args.file, ownerUserId: user.id }, origin(ctx));
      }),
    ),
    saveFile: guard('signedIn', (args: { file: FileInput }, ctx, user) =>
      fileCall(async () => {
        await requireOnApplication(ctx, user.id, args.file.applicationId);
        if (args.file.content) return storeInline(ctx.db, ctx.services.storage, { ...args.file, contentBase64: args.file.content, ownerUserId: user.id }, origin(ctx));
        const row = args.file.uuid ? await fileByUuid(ctx.db, args.file.uuid) : null;
        if (!row || row.owner_user_id !== user.id || row.status !== 'uploaded') throw new FileRefused('NOT_FOUND');
        return signedDownload(ctx.services.storage, row, origin(ctx));
      }),
    ),
    getFileByUUID: guard('signedIn', (args: { uuid: string }, ctx, user) =>
      fileCall(async () => {
        const row = await fileByUuid(ctx.db, args.uuid);
        const allowed = row && row.status === 'uploaded' && (row.owner_user_id === user.id || (row.application_id !== null && (await onApplication(ctx, user.id, row.application_id))));
        if (!row || !allowed) throw new FileRefused('NOT_FOUND');
        return signedDownload(ctx.services.storage, row, origin(ctx));
      }),
    ),
  },
};
