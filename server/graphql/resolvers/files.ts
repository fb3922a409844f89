/** Resolvers of `schema/files.graphql`: every operation needs a signed-in user, checked by the access wrapper first. */
import { getPath } from '../../../runtime/core/source/pointer';
import type { SessionUser } from '../../auth';
import type { ServerContext } from '../../context';
import { readMemberSnapshot, selectionOf } from '../../enforce';
import { confirmUpload, createUpload, fileByUuid, fileDeps, FileRefused, signedDownload, slotAt, storeInline, uploadRulesOf, writesSlot, type FileDeps, type NewFile } from '../../files';
import { apiError, guard } from '../access';

/** A file refusal as an API error (its code's text comes from the catalogue; a missing file has its own text). */
export const fileRefusalError = (e: FileRefused) =>
  apiError(e.code, `file refused: ${e.reason}`, { ...e.details, ...(e.code === 'NOT_FOUND' ? { messageKey: 'api.error.file.NOT_FOUND' } : {}) });

/** Run a file operation, answering its refusals as API errors. */
export async function fileCall<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (e instanceof FileRefused) throw fileRefusalError(e);
    throw e;
  }
}

/** The file service of this request: inspections count against the file's owner under the request brand's rules. */
export const filesOf = (ctx: ServerContext): FileDeps => fileDeps(ctx.services, ctx.brand, ctx.client);

/** Whether the user is a member of the application. */
async function onApplication(ctx: ServerContext, userId: string, applicationId: string | null): Promise<boolean> {
  return applicationId !== null && (await readMemberSnapshot(ctx.db, userId, applicationId)) !== null;
}

/** The record keys of the officers whose licence images (idScanData.fileUrls) are theirs alone (spec 001 s6, issue 31 item 7). */
const OFFICERS = ['primaryApplicant', 'secondaryApplicant'] as const;

/** Whether a stored list of file references names `uuid`. */
const names = (refs: unknown, uuid: string) => Array.isArray(refs) && refs.some((r) => r !== null && typeof r === 'object' && (r as { uuid?: unknown }).uuid === uuid);

/**
 * A licence image of an officer: a file uploaded to an officer's licence slot, or one an officer's idScanData.fileUrls
 * names. Answers the officer's record key and the slot path (undefined: not a licence image).
 */
async function licenceImage(ctx: ServerContext, row: { id: string; slot: string | null; application_id: string | null }): Promise<{ officer: string; path: string } | undefined> {
  for (const officer of OFFICERS) {
    const path = `scoreboard.${officer}.idScanData.fileUrls`;
    if (row.slot === path) return { officer, path };
  }
  if (!row.application_id) return undefined;
  const app = await ctx.db.selectFrom('applications').select('record').where('id', '=', row.application_id).executeTakeFirst();
  for (const officer of OFFICERS) {
    const path = `scoreboard.${officer}.idScanData.fileUrls`;
    if (names(getPath(app?.record, path), row.id)) return { officer, path };
  }
  return undefined;
}

/** Signed URLs are built on the brand's configured public origin, never on the request's Host. */
const origin = (ctx: ServerContext) => ctx.brand.publicOrigin;

type FileInput = { fileName: string; mimeType: string; size?: number | null; applicationId?: string | null; slot?: string | null; content?: string | null; uuid?: string | null };

/**
 * Where a new file goes and what may go there, from the definitions of its application (else of the
 * request's brand): the slot it names (types, count), else every slot's types; the per-application limit.
 * A slot takes uploads only from a caller whose roles write it (files/slotWriters.ts): an officer's slot
 * is that officer's; anyone else is refused FORBIDDEN_PATH before a place is taken.
 */
async function placeOf(ctx: ServerContext, user: SessionUser, file: FileInput): Promise<NewFile> {
  const app = file.applicationId ? await readMemberSnapshot(ctx.db, user.id, file.applicationId) : null;
  if (file.applicationId && !app) throw apiError('FORBIDDEN', 'the file names an application that is not yours', { applicationId: file.applicationId });
  const layers = ctx.definitions.layers(app ? selectionOf(app) : ctx.brand.selection);
  const rules = uploadRulesOf(layers);
  const place = { fileName: file.fileName, mimeType: file.mimeType, ownerUserId: user.id, applicationId: app?.id ?? null, maxFilesPerApplication: rules.maxFilesPerApplication };
  if (!file.slot) return { ...place, accept: rules.accept };
  if (!app) throw apiError('INVALID_VALUE', 'a slot is a place in an application: give applicationId too', { slot: file.slot });
  const found = slotAt(layers, file.slot);
  if (!found) throw apiError('INVALID_PATH', `'${file.slot}' is not an upload slot (${rules.slots.map((s) => s.path).join(', ')})`, { path: file.slot });
  if (!writesSlot(ctx.definitions.defs, ctx.definitions.logic, app, user, file.slot)) {
    throw apiError('FORBIDDEN_PATH', `'${file.slot}' (upload slot ${found.slot.id}) is filled only by whoever writes it in the flows, not by this member`, { path: file.slot });
  }
  return { ...place, accept: new Set(found.slot.accept), slot: { path: file.slot, maxFiles: found.maxFiles } };
}

/** The resolver map. */
export const filesResolvers = {
  Mutation: {
    getSignedUrl: guard('signedIn', (args: { file: FileInput }, ctx, user) =>
      fileCall(async () => createUpload(filesOf(ctx), { ...(await placeOf(ctx, user, args.file)), size: args.file.size }, origin(ctx))),
    ),
    saveFile: guard('signedIn', (args: { file: FileInput }, ctx, user) =>
      fileCall(async () => {
        if (args.file.content) return storeInline(filesOf(ctx), { ...(await placeOf(ctx, user, args.file)), contentBase64: args.file.content }, origin(ctx));
        const row = args.file.uuid ? await fileByUuid(ctx.db, args.file.uuid) : null;
        if (!row || row.owner_user_id !== user.id) throw new FileRefused('NOT_FOUND', 'no file with this uuid is yours');
        // An upload to a quarantine store is inspected and moved now (or refused, and removed).
        return signedDownload(ctx.services.storage, await confirmUpload(filesOf(ctx), row), origin(ctx));
      }),
    ),
    getFileByUUID: guard('signedIn', (args: { uuid: string }, ctx, user) =>
      fileCall(async () => {
        const row = await fileByUuid(ctx.db, args.uuid);
        // A licence image is its officer's alone (the one who uploaded it), not the other officer's of the application;
        // each read is an audit row (never a log line). Other files: their owner and the application's members.
        const licence = row ? await licenceImage(ctx, row) : undefined;
        const allowed = row && (row.owner_user_id === user.id || (!licence && (await onApplication(ctx, user.id, row.application_id))));
        if (!row || !allowed) throw new FileRefused('NOT_FOUND', 'no file with this uuid is yours');
        const answer = await signedDownload(ctx.services.storage, await confirmUpload(filesOf(ctx), row), origin(ctx));
        if (licence) await ctx.db.insertInto('audit_log').values({ application_id: row.application_id, user_id: user.id, action: 'read:licenceImage', path: licence.path }).execute();
        return answer;
      }),
    ),
  },
};
