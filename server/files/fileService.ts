/** File records: hand out upload URLs within the limits, accept uploads only after inspection, sign downloads. */
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, StoredFile } from '../db';
import { MAX_FILE_BYTES, normaliseType } from './contentType';
import { FileRefused } from './fileRefused';
import { inspectFile } from './inspect';
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

/** Keep only a display name: no path parts, no control characters, at most 200 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.slice(0, 200) || 'file';
}

/** The declared type, normalised, when the place takes it. */
function acceptedType(input: NewFile): string {
  const mimeType = normaliseType(input.mimeType);
  if (!input.accept.has(mimeType)) throw new FileRefused('UNSUPPORTED_TYPE', `${mimeType} is not taken here (${[...input.accept].join(', ')})`);
  return mimeType;
}

/** Create a pending file row and an upload URL for it (refused when the type is not taken or the place is full). */
export async function createUpload(db: Kysely<Database>, storage: StorageProvider, input: NewFile & { size?: number | null }, origin: string): Promise<SignedFile> {
  const mimeType = acceptedType(input);
  if (input.size != null && input.size > MAX_FILE_BYTES) throw new FileRefused('TOO_LARGE', `declared ${input.size} bytes, at most ${MAX_FILE_BYTES}`);
  const key = newStorageKey();
  const row = await withUploadRoom(db, input, (tx) =>
    tx
      .insertInto('files')
      .values({ storage_key: key, file_name: displayName(input.fileName), mime_type: mimeType, owner_user_id: input.ownerUserId, application_id: input.applicationId, slot: input.slot?.path ?? null })
      .returning(['id', 'file_name', 'mime_type'])
      .executeTakeFirstOrThrow(),
  );
  return { uuid: row.id, signedUrl: await storage.uploadUrl(key, origin, UPLOAD_URL_TTL_SEC), fileName: row.file_name, mimeType: row.mime_type };
}

/** Throw the inspection's refusal, if any. */
async function assertWhole(bytes: Uint8Array, mimeType: string): Promise<void> {
  const refused = await inspectFile(bytes, mimeType);
  if (refused) throw new FileRefused(refused.code, refused.reason);
}

/** Store content sent inline (base64) after inspection, and answer a download URL. */
export async function storeInline(db: Kysely<Database>, storage: StorageProvider, input: NewFile & { contentBase64: string }, origin: string): Promise<SignedFile> {
  const mimeType = acceptedType(input);
  const bytes = new Uint8Array(Buffer.from(input.contentBase64, 'base64'));
  await assertWhole(bytes, mimeType);
  const key = newStorageKey();
  const fileName = displayName(input.fileName);
  // Bytes first, row second: a row never points at bytes that are not there.
  await storage.put(key, bytes, { mimeType, fileName });
  try {
    const row = await withUploadRoom(db, input, (tx) =>
      tx
        .insertInto('files')
        .values({
          storage_key: key, file_name: fileName, mime_type: mimeType, owner_user_id: input.ownerUserId, application_id: input.applicationId, slot: input.slot?.path ?? null,
          status: 'uploaded', size_bytes: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex'), uploaded_at: new Date(),
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    );
    return signedDownload(storage, row, origin);
  } catch (e) {
    await storage.delete(key).catch(() => undefined);
    throw e;
  }
}

/**
 * Accept uploaded bytes for a pending row: inspect them as the row's declared type, then, holding the
 * row's lock (so two requests or instances cannot both store), store them under the row's key and mark
 * the row uploaded. `accepted` is false when the row was already uploaded (nothing is stored then).
 */
export async function acceptUpload(db: Kysely<Database>, storage: StorageProvider, row: StoredFile, bytes: Uint8Array): Promise<{ row: StoredFile; accepted: boolean }> {
  await assertWhole(bytes, row.mime_type);
  return db.transaction().execute(async (tx) => {
    const current = await tx.selectFrom('files').selectAll().where('id', '=', row.id).forUpdate().executeTakeFirstOrThrow();
    if (current.status === 'uploaded') return { row: current, accepted: false };
    await storage.put(row.storage_key, bytes, { mimeType: row.mime_type, fileName: row.file_name });
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
 * (its quarantine copy read, inspected, stored under its key, deleted). NOT_FOUND when nothing was uploaded.
 */
export async function confirmUpload(db: Kysely<Database>, storage: StorageProvider, row: StoredFile): Promise<StoredFile> {
  if (row.status === 'uploaded') return row;
  if (!storage.quarantine || !storage.readQuarantine) throw new FileRefused('NOT_FOUND', 'the file has not been uploaded');
  const bytes = await storage.readQuarantine(row.storage_key, MAX_FILE_BYTES);
  if (bytes === null) {
    // Another request or instance may have confirmed it a moment ago.
    const now = await fileByUuid(db, row.id);
    if (now?.status === 'uploaded') return now;
    throw new FileRefused('NOT_FOUND', 'the file has not been uploaded');
  }
  try {
    if (bytes === 'too_large') throw new FileRefused('TOO_LARGE', `the upload is larger than ${MAX_FILE_BYTES} bytes`);
    return (await acceptUpload(db, storage, row, bytes)).row;
  } finally {
    await storage.deleteQuarantine?.(row.storage_key);
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
