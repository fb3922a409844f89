/** Definition-driven enforcement of application writes: who may write which path, status transitions, audit. */
export { EnforceError, refuse, HTTP_STATUS, type EnforceCode } from './errors';
export { flowsFor, mainFlowId, SHARED_FLOWS } from './journeys';
export { readSnapshot, readMemberSnapshot, toSnapshot, type SnapshotRow, activeApplicationId, membershipOf, logicContext, isUuid, type AppSnapshot, type Caller, type Membership } from './snapshot';
export { assertValid, validatorAt, isDeclared, RECORD_SCHEMAS, MAX_VALUE_BYTES } from './validateValue';
export { assertPayload, payloadErrors } from './validatePayload';
export { decideWrite, type Decision, type DecideInput, type WriteRequest, type ExtraSet } from './decide';
export { applyDecision, type MemberColumns } from './applyWrite';
export { writeRecord, memberSnapshot, selectionOf, type EnforceDeps, type WriteCall, type WriteResult } from './writeRecord';
export { idempotent } from './idempotent';
export { rolesIn } from './rolesIn';
export { resolveRecordPath, type RecordPath } from './recordPath';
export { completionsFor, requestedCompletions, completionsReadBy, assertComplete, isPresent, type DeclaredCompletion } from './completion';
export { sameValue } from './sameValue';
export { upgradeApplication, migrateAction, type CurrentDefinitions } from './upgrade';
