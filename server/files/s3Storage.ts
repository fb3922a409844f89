/**
 * Object storage over the S3 API (AWS S3 or a compatible store), with presigned URLs and a quarantine prefix for uploads.
 * The AWS SDK is imported on the provider's first use, so a server storing files locally never loads it (~20 MB).
 */
import type { S3Client } from '@aws-sdk/client-s3';
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
  let loading: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client; getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl }> | undefined;
  const aws = () =>
    (loading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(([sdk, presigner]) => ({
      sdk,
      getSignedUrl: presigner.getSignedUrl,
      client: new sdk.S3Client({
        region: s.region,
        endpoint: s.endpoint,
        forcePathStyle: s.forcePathStyle,
        credentials: s.accessKeyId && s.secretAccessKey ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey } : undefined,
        // Presigned PUTs from browsers carry no checksum headers, which some stores would otherwise require.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = s.bucket;
  const full = (key: string) => `${s.prefix}${key}`;
  const read = async (Key: string): Promise<Uint8Array | null> => {
    const { sdk, client } = await aws();
    try {
      const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key }));
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
      const { sdk, client } = await aws();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: full(key), Body: bytes, ContentType: meta.mimeType, ContentDisposition: contentDisposition(meta.fileName) }));
    },
    get: (key) => read(full(key)),
    async delete(key) {
      const { sdk, client } = await aws();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async uploadUrl(key, _origin, expiresIn) {
      const { sdk, client, getSignedUrl } = await aws();
      return getSignedUrl(client, new sdk.PutObjectCommand({ Bucket, Key: full(quarantineKey(key)) }), { expiresIn });
    },
    async downloadUrl(key, _origin, expiresIn, meta) {
      const { sdk, client, getSignedUrl } = await aws();
      return getSignedUrl(client, new sdk.GetObjectCommand({ Bucket, Key: full(key), ResponseContentType: meta.mimeType, ResponseContentDisposition: contentDisposition(meta.fileName), ResponseCacheControl: 'private, no-store' }), { expiresIn });
    },
    async readQuarantine(key, maxBytes) {
      const { sdk, client } = await aws();
      const Key = full(quarantineKey(key));
      try {
        const head = await client.send(new sdk.HeadObjectCommand({ Bucket, Key }));
        if ((head.ContentLength ?? 0) > maxBytes) return 'too_large';
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
      const bytes = await read(Key);
      return bytes && bytes.byteLength > maxBytes ? 'too_large' : bytes;
    },
    async deleteQuarantine(key) {
      const { sdk, client } = await aws();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: full(quarantineKey(key)) }));
    },
  };
}
