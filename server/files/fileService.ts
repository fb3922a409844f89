/** File records: create an upload slot, confirm, and sign downloads. */
import type { Kysely } from 'kysely';
import type { Database, StoredFile } from '../db';
import { ACCEPTED_TYPES, MAX_FILE_BYTES, normaliseType, sniffType } from './contentType';
import { newStorageKey } from './localDiskStorage';
import type { StorageProvider } from './storageProvider';
import { createHash } from 'node:crypto';

/** Upload URLs live 15 minutes, download URLs 10. */
export const UPLOAD_URL_TTL_SEC = 15 * 60;
export const DOWNLOAD_URL_TTL_SEC = 10 * 60;

/** What the spec's signed-file answers carry. */
export interface SignedFile {
  uuid: string;
  signedUrl: string;
  fileName: string;
  mimeType: string;
}

/** Why a file request was refused (resolvers turn it into a typed GraphQL error). */
export class FileRefused extends Error {
  constructor(readonly code: 'UNSUPPORTED_TYPE' | 'TOO_LARGE' | 'TYPE_MISMATCH' | 'NOT_FOUND' | 'EMPTY') {
    super(code);
    this.name = 'FileRefused';
  }
}

/** Keep only a display name: no path parts, no control characters, at most 200 characters. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const printable = [...base].filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('');
  return printable.slice(0, 200) || 'file';
}

/** Create a pending file row and an upload URL for it. */
export async function createUpload(
  db: Kysely<Database>,
  storage: StorageProvider,
  input: { fileName: string; mimeType: string; ownerUserId: string; applicationId?: string | null; size?: number | null },
  origin: string,
): Promise<SignedFile> {
  const mimeType = normaliseType(input.mimeType);
  if (!(mimeType in ACCEPTED_TYPES)) throw new FileRefused('UNSUPPORTED_TYPE');
  if (input.size != null && input.size > MAX_FILE_BYTES) throw new FileRefused('TOO_LARGE');
  const key = newStorageKey();
  const row = await db
    .insertInto('files')
    .values({ storage_key: key, file_name: displayName(input.fileName), mime_type: mimeType, owner_user_id: input.ownerUserId, application_id: input.applicationId ?? null })
    .returning(['id', 'file_name', 'mime_type'])
    .executeTakeFirstOrThrow();
  return { uuid: row.id, signedUrl: storage.uploadUrl(key, origin, UPLOAD_URL_TTL_SEC), fileName: row.file_name, mimeType: row.mime_type };
}

/** Store content sent inline (base64), checked by content, and answer a download URL. */
export async function storeInline(
  db: Kysely<Database>,
  storage: StorageProvider,
  input: { fileName: string; mimeType: string; contentBase64: string; ownerUserId: string; applicationId?: string | null },
  origin: string,
): Promise<SignedFile> {
  const bytes = new Uint8Array(Buffer.from(input.contentBase64, 'base64'));
  if (bytes.byteLength === 0) throw new FileRefused('EMPTY');
  if (bytes.byteLength > MAX_FILE_BYTES) throw new FileRefused('TOO_LARGE');
  const mimeType = normaliseType(input.mimeType);
  if (!(mimeType in ACCEPTED_TYPES)) throw new FileRefused('UNSUPPORTED_TYPE');
  if (sniffType(bytes) !== mimeType) throw new FileRefused('TYPE_MISMATCH');
  const key = newStorageKey();
  await storage.put(key, bytes);
  const row = await db
    .insertInto('files')
    .values({
      storage_key: key, file_name: displayName(input.fileName), mime_type: mimeType, owner_user_id: input.ownerUserId,
      application_id: input.applicationId ?? null, status: 'uploaded', size_bytes: bytes.byteLength,
      sha256: createHash('sha256').update(bytes).digest('hex'), uploaded_at: new Date(),
    })
    .returning(['id', 'file_name', 'mime_type'])
    .executeTakeFirstOrThrow();
  return { uuid: row.id, signedUrl: storage.downloadUrl(key, origin, DOWNLOAD_URL_TTL_SEC), fileName: row.file_name, mimeType: row.mime_type };
}

/** A download URL for a stored file row. */
export function signedDownload(storage: StorageProvider, row: StoredFile, origin: string): SignedFile {
  return { uuid: row.id, signedUrl: storage.downloadUrl(row.storage_key, origin, DOWNLOAD_URL_TTL_SEC), fileName: row.file_name, mimeType: row.mime_type };
}

/** The file row by uuid, or null (malformed uuids answer null). */
export async function fileByUuid(db: Kysely<Database>, uuid: string): Promise<StoredFile | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uuid)) return null;
  return (await db.selectFrom('files').selectAll().where('id', '=', uuid).executeTakeFirst()) ?? null;
}
