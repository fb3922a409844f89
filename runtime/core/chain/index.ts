export { startChain, stepChain } from './stepChain';
export { runChain, type ChainExecutor } from './runChain';
export { errorStackReducer, toRetry, canTryAgain, type StackedError, type ErrorStackAction } from './errorStack';
export type { ChainSite, RaiseInput, StateWrite, ChainInput, AwaitedEffect, ChainWork, EventRun, ChainSnapshot, FailedChain, StoredState, ChainEffect, ChainStep } from './chainTypes';
export { asRun, recordCall, namedStepPath, type ChainWorld } from './recordEffects';
