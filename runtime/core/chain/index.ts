export { startChain, stepChain } from './stepChain';
export { runChain, type ChainExecutor } from './runChain';
export type { ChainSite, RaiseInput, StateWrite, ChainInput, AwaitedEffect, ChainWork, EventRun, ChainSnapshot, StoredState, ChainEffect, ChainStep } from './chainTypes';
