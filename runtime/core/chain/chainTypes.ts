import type { LogicInstance } from '../logic/createLogic';
import type { FlowDef, LogicContext, RecordApiDef, StateDef, TransitionDef } from '../types';
import type { FlowEffect } from '../flow/flowTypes';

/** Where a chain runs: the flow, and the step whose transitions its events take. */
export interface ChainSite {
  flow: FlowDef;
  /** The logic instance the chain's guards, effects and queries evaluate with (the definition set's). */
  logic: LogicInstance;
  /** The step that raised the first event; its `then` events are taken here too. */
  step: string;
  /** Every flow of the definition set: named routes (`flow.step`), status screens and status requests read them. */
  flows?: Record<string, FlowDef>;
  /** How saves and status requests reach the server (the definition set's `record`). */
  recordApi?: RecordApiDef;
}

/** Effects the chain queues itself: read the record again; go to the screen of a status flow's (new) status. */
export type ChainQueued = FlowEffect | { kind: 'reload' } | { kind: 'statusScreen'; flow: string; from?: string };

/** One page-state write: a dotted path below `state.` and its value. */
export interface StateWrite {
  path: string;
  value: unknown;
}

/** An event for the chain: raised by a screen, or by a transition's `then`. */
export interface RaiseInput {
  type: 'raise';
  /** The event name; absent for a plain page-state write. */
  event?: string;
  /** The event payload (`event.*` in guards and effects; `form` also becomes `form.*`). */
  payload?: Record<string, unknown>;
  /** Page-state writes (dotted paths below `state.`), one or several, applied in order before the event's guards read the state. */
  write?: StateWrite | StateWrite[];
  /** Raised by a `then` (or a load's answer): a guard that does not hold is a normal outcome, not a problem to report. */
  chained?: boolean;
  /** Query-state writes replace the history entry instead of pushing one (inherited by the `then` events it raises). */
  replace?: boolean;
}

/** What the chain reads next: an event, or the outcome of the effect it waits for (an event too, as in XState). */
export type ChainInput =
  | RaiseInput
  /** The awaited effect succeeded; `value` is a call's result. */
  | { type: 'effect.done'; value?: unknown }
  /** The awaited effect failed. */
  | { type: 'effect.failed'; error: unknown }
  /** Try Again after a failure: the failed event runs again from the context it started from (a retryable failure only). */
  | { type: 'retry' };

/** A transition's effect that needs the outside world and whose outcome the chain waits for. */
export type AwaitedEffect = Extract<FlowEffect, { kind: 'call' } | { kind: 'effect' }> | { kind: 'reload' };

/** The working copy of one event: the record and page state as its effects wrote them so far. */
export interface ChainWork {
  record: Record<string, unknown>;
  state: Record<string, unknown>;
  /** State names the event wrote (stored, or put into the query, when it ends). */
  touched: string[];
}

/** One event on its way through its transition's effects. */
export interface EventRun {
  /** The context the event started from (Try Again starts here again). */
  from: LogicContext;
  input: RaiseInput;
  work: ChainWork;
  /** The transition's effects not run yet, in order (with those the chain queued itself). */
  queue: ChainQueued[];
  /** The effect whose outcome the chain waits for. */
  awaiting?: AwaitedEffect;
  /** The transition taken (none for a write whose event was refused). */
  transition?: TransitionDef;
  /** The step the transition goes to. */
  target: string;
  /** The app path a `navigate` effect asked for (the last one wins). */
  go?: { to: string; replace: boolean };
}

/** Where the chain is (discriminated by `status`). */
export type ChainSnapshot =
  /** Waiting for an event; `context` is what the next event reads. */
  | { status: 'idle'; site: ChainSite; context: LogicContext }
  /** An event's effects are running. */
  | { status: 'running'; site: ChainSite; run: EventRun }
  /**
   * An effect failed: the event's writes were dropped, nothing moved, the chain stopped. When `retryable`
   * (the effect's `onError` is `retry`, the default), `retry` input runs the event again.
   */
  | { status: 'failed'; site: ChainSite; error: unknown; retryable: boolean; retry: { context: LogicContext; input: RaiseInput } };

/** A chain that stopped on a failure. */
export type FailedChain = Extract<ChainSnapshot, { status: 'failed' }>;

/** One page-state value to store outside the URL. */
export interface StoredState {
  /** Storage scope: the flow id (flow state) or `flow/step` (step state). */
  scope: string;
  name: string;
  def: StateDef;
  value: unknown;
}

/** What the chain asks its executor to do, as data (discriminated by `kind`). */
export type ChainEffect =
  /** Run a GraphQL operation; answer `effect.done` with its result, or `effect.failed`. */
  | { kind: 'call'; operation: string; variables: Record<string, unknown> }
  /** Run a registered effect; answer `effect.done`, or `effect.failed`. */
  | { kind: 'effect'; name: string; params: Record<string, unknown> }
  /** Read the record of the page (its route `params`) again from the server; answer `effect.done` with it, or `effect.failed`. */
  | { kind: 'loadRecord'; params: Record<string, unknown> }
  /** Replace the record the flow drives. */
  | { kind: 'setRecord'; record: Record<string, unknown> }
  /** Store page-state values kept outside the URL (memory, local storage), in one write. */
  | { kind: 'storeState'; entries: StoredState[] }
  /** Go to an app path: a step's route, the same path with a new query, or a `navigate` effect's path. */
  | { kind: 'go'; to: string; replace: boolean }
  /** Report a problem on the console; nothing else happens. */
  | { kind: 'log'; error: unknown };

/** One step of the chain: the new snapshot, the effects to run in order, and the event to read next, if any. */
export interface ChainStep {
  snapshot: ChainSnapshot;
  /** At most one effect waits for an answer (`call`, `effect`, `loadRecord`), and it is the last. */
  effects: ChainEffect[];
  /** The next event (a transition's `then`); absent while an effect's answer is awaited or when the chain ended. */
  next?: RaiseInput;
}
