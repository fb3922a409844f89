/** Content inspection of uploads: a file is stored only when it is wholly what it claims to be. */
export { inspectFile, INSPECTORS } from './inspectFile';
export { findActiveMarkup, ACTIVE_MARKERS } from './activeMarkup';
export { type InspectionCode, type InspectionRefusal, MAX_IMAGE_PIXELS } from './inspection';
