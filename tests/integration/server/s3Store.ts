/** An S3-compatible store for tests: s3rver on a free loopback port over a temp directory, with one bucket. */
import { rmSync } from 'node:fs';
import S3rver from 's3rver';
import type { S3Settings } from '../../../server/files';
import { scratchDir } from '../../scratch';

/** A running store and the settings that reach it. */
export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

/** Start s3rver (path-style, credentials S3RVER/S3RVER, the bucket created). */
export async function startS3(bucket = 'fleetform-test'): Promise<TestS3> {
  const directory = scratchDir('ff-s3');
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    settings: { bucket, region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, forcePathStyle: true, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', prefix: '' },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
