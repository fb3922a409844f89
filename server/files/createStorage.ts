/** The storage provider the configuration names: local disk under DATA_DIR (default) or S3. */
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { createLocalDiskStorage } from './localDiskStorage';
import { createS3Storage } from './s3Storage';
import type { StorageProvider } from './storageProvider';

/** Create the configured provider. */
export function createStorage(config: Pick<ServerConfig, 'fileStorage' | 's3' | 'dataDir' | 'secret'>): StorageProvider {
  if (config.fileStorage === 's3' && config.s3) return createS3Storage(config.s3);
  return createLocalDiskStorage(join(config.dataDir, 'files'), config.secret);
}
