/**
 * Where file bytes live. The local-disk provider is the default; object storage plugs in here.
 *
 * S3 adapter (interface only, not shipped): `put`/`get`/`delete` map to PutObject/GetObject/
 * DeleteObject on one bucket with the key as given; `uploadUrl`/`downloadUrl` answer presigned
 * URLs (SigV4, same expiry). Because the browser then uploads straight to the bucket, the content
 * check moves to confirmation: `saveFile` (or the first use of the uuid) reads the object's first
 * bytes with a ranged GET, sniffs the type, checks the size from HeadObject, and deletes and
 * refuses a mismatch. Keys stay server-generated; the bucket is private.
 */

/** A file store addressed by server-generated keys. */
export interface StorageProvider {
  /** Provider id, e.g. `local` or `s3`. */
  readonly id: string;
  /** Store bytes under `key` (replacing any). */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under `key`, or null. */
  get(key: string): Promise<Uint8Array | null>;
  /** Remove `key` (no error when absent). */
  delete(key: string): Promise<void>;
  /** A URL the client may PUT the file to until `expiresInSec` pass. */
  uploadUrl(key: string, origin: string, expiresInSec: number): string;
  /** A URL the client may GET the file from until `expiresInSec` pass. */
  downloadUrl(key: string, origin: string, expiresInSec: number): string;
}
