/**
 * Where file bytes live: the local disk (default, `localDiskStorage.ts`) or an S3-compatible object
 * store (`s3Storage.ts`), chosen by `FILE_STORAGE`. Keys are always server-generated.
 *
 * Local disk: upload URLs point at this server (`/files/<key>`), which inspects the bytes on arrival
 * and stores only a file that passes. Object storage: upload URLs are presigned PUTs to the key's
 * quarantine copy (`quarantine/<key>`), which the browser writes without the server; the file counts
 * as uploaded only after `confirmUpload` (saveFile, the attach calls, the first getFileByUUID) read it
 * back, inspected it and wrote the inspected bytes to the key itself. The quarantine copy is deleted
 * either way and is never served.
 */

/** How a stored file is described to the store and to downloads. */
export interface StoredMeta {
  mimeType: string;
  fileName: string;
}

/** A file store addressed by server-generated keys. */
export interface StorageProvider {
  /** Provider id: `local` or `s3`. */
  readonly id: string;
  /** True when upload URLs write to a quarantine the server must confirm (object storage). */
  readonly quarantine: boolean;
  /** Origin browsers send uploads to when it is not this server (for the CSP's connect-src). */
  readonly uploadOrigin?: string;
  /** Store bytes under `key` (replacing any). */
  put(key: string, bytes: Uint8Array, meta: StoredMeta): Promise<void>;
  /** The bytes under `key`, or null. */
  get(key: string): Promise<Uint8Array | null>;
  /** Remove `key` (no error when absent). */
  delete(key: string): Promise<void>;
  /** A URL the client may PUT the file to until `expiresInSec` pass. */
  uploadUrl(key: string, origin: string, expiresInSec: number): Promise<string>;
  /** A URL the client may GET the file from until `expiresInSec` pass (served as an attachment of its type). */
  downloadUrl(key: string, origin: string, expiresInSec: number, meta: StoredMeta): Promise<string>;
  /** The bytes uploaded to `key`'s quarantine: null when nothing is there, 'too_large' above `maxBytes` (quarantine stores only). */
  readQuarantine?(key: string, maxBytes: number): Promise<Uint8Array | null | 'too_large'>;
  /** Remove `key`'s quarantine copy (quarantine stores only). */
  deleteQuarantine?(key: string): Promise<void>;
}

/** The quarantine key of a storage key. */
export const quarantineKey = (key: string): string => `quarantine/${key}`;
