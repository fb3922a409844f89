/** Object storage over the S3 API (AWS S3 or a compatible store), with presigned URLs and a quarantine prefix for uploads. */
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { quarantineKey, type StorageProvider } from './storageProvider';
import { contentDisposition } from './contentDisposition';

/** Settings of the S3 provider (from `S3_*` variables, server/README.md). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (e.g. `http://127.0.0.1:9000`); AWS when unset. */
  endpoint?: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most compatible stores need. */
  forcePathStyle: boolean;
  /** Static credentials; when unset the SDK's default chain (AWS_* variables, profiles, instance roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Prefix of every key in the bucket (e.g. `fleetform/`). */
  prefix: string;
}

const notFound = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404;
};

/** The origin presigned URLs of these settings point at (for the CSP's connect-src). */
export function s3Origin(s: S3Settings): string {
  if (s.endpoint) {
    const u = new URL(s.endpoint);
    return s.forcePathStyle ? u.origin : `${u.protocol}//${s.bucket}.${u.host}`;
  }
  return s.forcePathStyle ? `https://s3.${s.region}.amazonaws.com` : `https://${s.bucket}.s3.${s.region}.amazonaws.com`;
}

/** Create the S3 provider. */
export function createS3Storage(s: S3Settings): StorageProvider {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
    // Presigned PUTs from browsers carry no checksum headers, which some stores would otherwise require.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  const full = (key: string) => `${s.prefix}${key}`;
  const read = async (Key: string): Promise<Uint8Array | null> => {
    try {
      const out = await client.send(new GetObjectCommand({ Bucket, Key }));
      return out.Body ? await out.Body.transformToByteArray() : new Uint8Array();
    } catch (e) {
      if (notFound(e)) return null;
      throw e;
    }
  };
  return {
    id: 's3',
    quarantine: true,
    uploadOrigin: s3Origin(s),
    async put(key, bytes, meta) {
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: bytes, ContentType: meta.mimeType, ContentDisposition: contentDisposition(meta.fileName) }));
    },
    get: (key) => read(full(key)),
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    uploadUrl: (key, _origin, expiresIn) => getSignedUrl(client, new PutObjectCommand({ Bucket, Key: full(quarantineKey(key)) }), { expiresIn }),
    downloadUrl: (key, _origin, expiresIn, meta) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket, Key: full(key), ResponseContentType: meta.mimeType, ResponseContentDisposition: contentDisposition(meta.fileName), ResponseCacheControl: 'private, no-store' }), { expiresIn }),
    async readQuarantine(key, maxBytes) {
      const Key = full(quarantineKey(key));
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
        if ((head.ContentLength ?? 0) > maxBytes) return 'too_large';
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
      const bytes = await read(Key);
      return bytes && bytes.byteLength > maxBytes ? 'too_large' : bytes;
    },
    async deleteQuarantine(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(quarantineKey(key)) }));
    },
  };
}
