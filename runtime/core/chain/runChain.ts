import type { ChainEffect, ChainInput, ChainSnapshot, StoredState } from './chainTypes';
import { stepChain } from './stepChain';

/** What a chain needs from the outside world: the effects' I/O, nothing that decides. */
export interface ChainExecutor {
  /** Runs a GraphQL operation; resolves with its result, rejects when it fails. */
  call(operation: string, variables: Record<string, unknown>): Promise<unknown>;
  /** Runs a registered effect; rejects (or throws) when it fails. */
  effect(name: string, params: Record<string, unknown>): Promise<void> | void;
  /** Reads the record the page drives (its route `params` name it) again from the server (after a save, a status request, a call that changes it). */
  loadRecord?(params: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Replaces the record the flow drives. */
  setRecord(record: Record<string, unknown>): void;
  /** Stores page-state values kept outside the URL. */
  storeState(entries: StoredState[]): void;
  /** Goes to an app path. */
  go(to: string, replace: boolean): void;
  /** Reports a problem on the console. */
  log(error: unknown): void;
}

/**
 * Drives {@link stepChain} from `input` until the chain rests: runs the effects it returns with
 * `executor` (the ones that need no answer at once, in order), feeds an awaited effect's outcome
 * back as `effect.done` / `effect.failed`, then each `then` event. Resolves with the last snapshot:
 * `idle`, or `failed` (feed it `{ type: 'retry' }` for Try Again).
 * @example const end = await runChain(startChain(flow, 'form', context, logic), { type: 'raise', event: 'submit' }, executor);
 */
export async function runChain(snapshot: ChainSnapshot, input: ChainInput, executor: ChainExecutor): Promise<ChainSnapshot> {
  let step = stepChain(snapshot, input);
  for (;;) {
    let answer: ChainInput | undefined;
    for (const effect of step.effects) {
      if (effect.kind === 'call' || effect.kind === 'effect' || effect.kind === 'loadRecord') answer = await outcome(effect, executor);
      else perform(effect, executor);
    }
    const following = answer ?? step.next;
    if (!following) return step.snapshot;
    step = stepChain(step.snapshot, following);
  }
}

/** Runs an effect that needs no answer (synchronously, so one event's writes and navigation land together). */
function perform(effect: Exclude<ChainEffect, { kind: 'call' | 'effect' | 'loadRecord' }>, executor: ChainExecutor): void {
  switch (effect.kind) {
    case 'setRecord': executor.setRecord(effect.record); break;
    case 'storeState': executor.storeState(effect.entries); break;
    case 'go': executor.go(effect.to, effect.replace); break;
    case 'log': executor.log(effect.error); break;
  }
}

/** Runs an awaited effect; its outcome is the chain's next input. */
async function outcome(effect: Extract<ChainEffect, { kind: 'call' | 'effect' | 'loadRecord' }>, executor: ChainExecutor): Promise<ChainInput> {
  try {
    const value = effect.kind === 'call'
      ? await executor.call(effect.operation, effect.variables)
      : effect.kind === 'effect' ? await executor.effect(effect.name, effect.params) : await executor.loadRecord?.(effect.params);
    return { type: 'effect.done', value };
  } catch (error) {
    return { type: 'effect.failed', error };
  }
}
