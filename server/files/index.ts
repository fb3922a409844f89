/** File storage: providers (local disk, S3), signed URLs, upload limits from the definitions, content inspection. */
export { type StorageProvider, type StoredMeta, quarantineKey } from './storageProvider';
export { createLocalDiskStorage, newStorageKey, FILES_PREFIX, KEY_PATTERN } from './localDiskStorage';
export { createS3Storage, s3Origin, type S3Settings } from './s3Storage';
export { createStorage } from './createStorage';
export { sniffType, normaliseType, ACCEPTED_TYPES, MAX_FILE_BYTES } from './contentType';
export { inspectFile, createInspectionPool, sharedInspectionPool, type Inspection, type InspectionPool, type InspectionRefusal } from './inspect';
export { createInspectionGate, MAX_INSPECTIONS_IN_FLIGHT, type InspectionGate, type Inspectee } from './inspectionGate';
export { writesSlot } from './slotWriters';
export { sign, verify } from './signing';
export { fileRoutes, contentDisposition } from './fileRoutes';
export { FileRefused, type FileRefusalCode } from './fileRefused';
export { UPLOAD_URL_TTL_SEC, withUploadRoom, type UploadScope } from './uploadLimits';
export { uploadRulesOf, slotAt, uploadRuleProblems, type UploadRules, type UploadSlot } from './uploadRules';
export { createUpload, storeInline, acceptUpload, confirmUpload, refuseUpload, signedDownload, fileByUuid, fileDeps, displayName, DOWNLOAD_URL_TTL_SEC, type FileDeps, type SignedFile, type NewFile } from './fileService';
export { addedReferences, assertAttachments, type SlotReferences } from './attachments';
