export { next, currentStatus } from './next';
export { findStatusTransition, stepActiveIn, stepStatuses, stepForStatus, STATUS_TARGET, type StatusTransitionResult } from './statusTransition';
export { deriveRoles, rolesOf, rolesAllow } from './roles';
export { writablePaths, writableVia, writablePath, isWritable, ANY_ROLE } from './writable';
export { progressRows, type ProgressRow } from './progress';
export { resolveEffects } from './effects';
export { eachTransition, eachBlock, eventsOf, transitionsOf, type TransitionSite, type BlockSite } from './walkFlow';
export type { FlowError, FlowEffect, NextResult, NextOptions } from './flowTypes';
