/** File storage: provider interface, local disk with signed URLs, content checks. */
export type { StorageProvider } from './storageProvider';
export { createLocalDiskStorage, newStorageKey, FILES_PREFIX, KEY_PATTERN } from './localDiskStorage';
export { sniffType, normaliseType, ACCEPTED_TYPES, MAX_FILE_BYTES } from './contentType';
export { sign, verify } from './signing';
export { fileRoutes, contentDisposition } from './use-file-routes';
export { createUpload, storeInline, signedDownload, fileByUuid, displayName, FileRefused, UPLOAD_URL_TTL_SEC, DOWNLOAD_URL_TTL_SEC, type SignedFile } from './fileService';
