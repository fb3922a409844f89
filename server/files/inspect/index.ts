/**
 * Content inspection of uploads: a file is stored only when it is wholly what it claims to be. Inspections run on
 * worker threads; the inspectors themselves (inspectFile.ts, with pdf-lib, jpeg-js, cfb) are loaded by the workers only.
 */
export { type InspectionCode, type InspectionRefusal, type InspectedType, INSPECTED_TYPES, isInspectedType, MAX_IMAGE_PIXELS, MAX_DECODED_IMAGE_BYTES, MAX_JPEG_PIXELS, MAX_JPEG_SCANS, MAX_IMAGE_TEXT_BYTES } from './inspection';
export { createInspectionPool, inspectFile, sharedInspectionPool, INSPECTION_POOL_SIZE, INSPECTION_TIME_BUDGET_MS, WORKER_HEAP_MB, type Inspection, type InspectionPool } from './inspectionPool';
