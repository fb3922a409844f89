/**
 * File records: hand out upload URLs within the limits, accept uploads only after inspection, sign downloads.
 * An upload URL takes one attempt: bytes refused (by inspection, or too large) mark its row `refused`, and
 * the URL answers no further PUT; the refused row holds no place in the limits. Inline content gets its
 * place (a pending row, uploadLimits.ts) before it is inspected.
 */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { BrandContext } from '../brands';
import type { ServerServices } from '../context';
import type { Database, StoredFile } from '../db';
import { MAX_FILE_BYTES, normaliseType } from './contentType';
import { FileRefused } from './fileRefused';
import type { InspectionRefusal } from './inspect';
import { newStorageKey } from './localDiskStorage';
import type { StorageProvider } from './storageProvider';
import { UPLOAD_URL_TTL_SEC, withUploadRoom, type UploadScope } from './uploadLimits';

/** Download URLs live 10 minutes. */
export const DOWNLOAD_URL_TTL_SEC = 10 * 60;

/** What the spec's signed-file answers carry. */
export interface SignedFile {
  uuid: string;
  signedUrl: string;
  fileName: string;
  mimeType: string;
}

/** A new file: its name and declared type, where it goes, and the types that place takes. */
export interface NewFile extends UploadScope {
  fileName: string;
  mimeType: string;
  /** Types the slot (or, without a slot, any slot) takes. */
  accept: ReadonlySet<string>;
}

/** What the file service works with: the database, the store, and inspections within their owners' limits. */
export interface FileDeps {
  db: Kysely<Database>;
  storage: StorageProvider;
  /**
   * Inspect `bytes` as `mimeType` for the file's owner, on a worker thread: the refusal or null; throws
   * FileRefused RATE_LIMITED when the owner is over their limits (inspectionGate.ts).
   */
  inspect(ownerUserId: string | null, bytes: Uint8Array, mimeType: string): Promise<InspectionRefusal | null>;
}

/** The file service of a request: its brand's `fileInspection` rules, its client, the shared inspection gate. */
export function fileDeps(services: Pick<ServerServices, 'database' | 'storage' | 'inspections' | 'limitRules'>, brand: BrandContext, client: string): FileDeps {
  const rules = services.limitRules(brand).fileInspection;
  return {
    db: services.database.db,
    storage: services.storage,
    inspect: (userId, bytes, mimeType) => services.inspections.inspect({ userId, client, rules }, bytes, mimeType),
  };
}

/**
 * Characters a display name loses: controls (C0, DEL, C1), format characters (bidirectional overrides,
 * embeddings and isolates U+202A-202E and U+2066-2069, marks U+200E/F and U+061C, zero-width space, BOM,
 * invisible operators, tags) but the joiners U+200C/D that scripts and emoji need, line and paragraph
 * separators, and unpaired surrogates. A name cannot reorder or hide the text around it where it is shown.
 */
const UNSHOWN = /(?![\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/gu;

/** Keep only a display name: no path parts, no control or format characters ({@link UNSHOWN}), at most 200 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const shown = base.normalize('NFC').replace(UNSHOWN, '').trim();
  return [...shown].slice(0, 200).join('') || 'file';
}

/** The declared type, normalised, when the place takes it. */
function acceptedType(input: NewFile): string {
  const mimeType = normaliseType(input.mimeType);
  if (!input.accept.has(mimeType)) throw new FileRefused('UNSUPPORTED_TYPE', `${mimeType} is not taken here (${[...input.accept].join(', ')})`);
  return mimeType;
}

/** Create a pending file row and an upload URL for it (refused when the type is not taken or the place is full). */
export async function createUpload(deps: FileDeps, input: NewFile & { size?: number | null }, origin: string): Promise<SignedFile> {
  const mimeType = acceptedType(input);
  if (input.size != null && input.size > MAX_FILE_BYTES) throw new FileRefused('TOO_LARGE', `declared ${input.size} bytes, at most ${MAX_FILE_BYTES}`);
  const key = newStorageKey();
  const row = await withUploadRoom(deps.db, input, (tx) =>
    tx
      .insertInto('files')
      .values({ storage_key: key, file_name: displayName(input.fileName), mime_type: mimeType, owner_user_id: input.ownerUserId, application_id: input.applicationId, slot: input.slot?.path ?? null })
      .returning(['id', 'file_name', 'mime_type'])
      .executeTakeFirstOrThrow(),
  );
  return { uuid: row.id, signedUrl: await deps.storage.uploadUrl(key, origin, UPLOAD_URL_TTL_SEC), fileName: row.file_name, mimeType: row.mime_type };
}

/** Mark a pending row refused: its URL takes no more uploads and it holds no place in the limits. */
export async function refuseUpload(db: Kysely<Database>, rowId: string): Promise<void> {
  await db.updateTable('files').set({ status: 'refused' }).where('id', '=', rowId).where('status', '=', 'pending').execute();
}

/**
 * Store content sent inline (base64) and answer a download URL: its place is taken first (a pending row,
 * within the limits), then it is inspected and stored, or refused (the row then holds no place).
 */
export async function storeInline(deps: FileDeps, input: NewFile & { contentBase64: string }, origin: string): Promise<SignedFile> {
  const mimeType = acceptedType(input);
  const bytes = new Uint8Array(Buffer.from(input.contentBase64, 'base64'));
  const row = await withUploadRoom(deps.db, input, (tx) =>
    tx
      .insertInto('files')
      .values({ storage_key: newStorageKey(), file_name: displayName(input.fileName), mime_type: mimeType, owner_user_id: input.ownerUserId, application_id: input.applicationId, slot: input.slot?.path ?? null })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  try {
    const { row: stored, accepted } = await acceptUpload(deps, row, bytes);
    if (!accepted) throw new Error(`inline file ${row.id} was settled by another request`);
    return signedDownload(deps.storage, stored, origin);
  } catch (e) {
    // Inline content has no URL to try again with: whatever stopped it (a refusal, a limit), its place is freed.
    await refuseUpload(deps.db, row.id);
    throw e;
  }
}

/**
 * Accept uploaded bytes for a pending row: inspect them as the row's declared type (for the row's owner,
 * within their limits), then, holding the row's lock (so two requests or instances cannot both store), store
 * them under the row's key and mark the row uploaded. Refused bytes mark the row refused (its URL is spent)
 * and throw the refusal; a RATE_LIMITED refusal leaves the row pending (nothing was judged). `accepted` is
 * false when the row was settled already, uploaded or refused (nothing is stored then).
 */
export async function acceptUpload(deps: FileDeps, row: StoredFile, bytes: Uint8Array): Promise<{ row: StoredFile; accepted: boolean }> {
  const refused = await deps.inspect(row.owner_user_id, bytes, row.mime_type);
  if (refused) {
    await refuseUpload(deps.db, row.id);
    throw new FileRefused(refused.code, refused.reason);
  }
  return deps.db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('files').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
    if (current.status !== 'pending') return { row: current, accepted: false };
    await deps.storage.put(row.storage_key, bytes, { mimeType: row.mime_type, fileName: row.file_name });
    const done = await tx
      .updateTable('files')
      .set({ status: 'uploaded', size_bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'), uploaded_at: new Date() })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: done, accepted: true };
  });
}

/**
 * The row as uploaded: stored rows as they are; a pending row on a quarantine store is confirmed now
 * (its quarantine copy read, inspected, stored under its key, deleted). NOT_FOUND when nothing was
 * uploaded, or when the upload was refused (its quarantine copy, if written again, is deleted unread).
 */
export async function confirmUpload(deps: FileDeps, row: StoredFile): Promise<StoredFile> {
  const { db, storage } = deps;
  if (row.status === 'uploaded') return row;
  if (row.status === 'refused') {
    await storage.deleteQuarantine?.(row.storage_key);
    throw new FileRefused('NOT_FOUND', 'the upload was refused');
  }
  if (!storage.quarantine || !storage.readQuarantine) throw new FileRefused('NOT_FOUND', 'the file has not been uploaded');
  const bytes = await storage.readQuarantine(row.storage_key, MAX_FILE_BYTES);
  if (bytes === null) {
    // Another request or instance may have confirmed it a moment ago.
    const now = await fileByUuid(db, row.id);
    if (now?.status === 'uploaded') return now;
    throw new FileRefused('NOT_FOUND', 'the file has not been uploaded');
  }
  let settled = true;
  try {
    if (bytes === 'too_large') {
      await refuseUpload(db, row.id);
      throw new FileRefused('TOO_LARGE', `the upload is larger than ${MAX_FILE_BYTES} bytes`);
    }
    const { row: now, accepted } = await acceptUpload(deps, row, bytes);
    if (!accepted && now.status !== 'uploaded') throw new FileRefused('NOT_FOUND', 'the upload was refused');
    return now;
  } catch (e) {
    // Over the owner's limits nothing was judged: the quarantine copy stays for a later try.
    if (e instanceof FileRefused && e.code === 'RATE_LIMITED') settled = false;
    throw e;
  } finally {
    if (settled) await storage.deleteQuarantine?.(row.storage_key);
  }
}

/** A download URL for a stored file row. */
export async function signedDownload(storage: StorageProvider, row: StoredFile, origin: string): Promise<SignedFile> {
  const signedUrl = await storage.downloadUrl(row.storage_key, origin, DOWNLOAD_URL_TTL_SEC, { mimeType: row.mime_type, fileName: row.file_name });
  return { uuid: row.id, signedUrl, fileName: row.file_name, mimeType: row.mime_type };
}

/** The file row by uuid, or null (malformed uuids answer null). */
export async function fileByUuid(db: Kysely<Database>, uuid: string): Promise<StoredFile | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  return (await db.selectFrom('files').selectAll().where('id', '=', uuid).executeTakeFirst()) ?? null;
}
