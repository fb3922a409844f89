import type { LogicInstance } from '../logic/createLogic';
import type { FlowState, OnError, TransitionDef } from '../types';

/** Why the flow machine refused an event (discriminated by `kind`). */
export type FlowError =
  | { kind: 'unknownStep'; step: string }
  | { kind: 'unknownEvent'; step: string; event: string; known: string[] }
  | { kind: 'roleNotAllowed'; step: string; event?: string; roles: string[]; allowed: string[] }
  | { kind: 'guardFailed'; step: string; event: string }
  | { kind: 'serverOnly'; step: string; event: string }
  | { kind: 'noTransition'; from?: string; to: string };

/** What taking a transition asks the caller to do, in order (discriminated by `kind`). */
export type FlowEffect =
  /** `onError`: what a failure does (absent: `retry`); `updatesRecord`: the record is read again after it. */
  | { kind: 'call'; operation: string; variables: Record<string, unknown>; result?: string; onError?: OnError; updatesRecord?: boolean }
  /** Go to a path of the app (`navigate` effect); `replace` replaces the history entry. */
  | { kind: 'go'; to: string; replace?: boolean }
  /** Go to the route of a step (`flow.step` or this flow's `step`), its `:name` segments from `params`. */
  | { kind: 'goStep'; step: string; params: Record<string, unknown>; replace?: boolean }
  /** Save `value` at record path `path` through the record API, then read the record again. */
  | { kind: 'save'; path: string; value: unknown; result?: string; onError?: OnError }
  /** Ask the server for the status flow's transition named `event`; then read the record again and go to the new status's screen. */
  | { kind: 'request'; event: string; onError?: OnError }
  | { kind: 'set'; path: string; value: unknown }
  | { kind: 'effect'; name: string; params: Record<string, unknown>; onError?: OnError }
  | { kind: 'status'; path: string; from?: string; to: string }
  | { kind: 'navigate'; step: string; route?: string };

/** Result of {@link next}: the new state, the effects to run, and why nothing happened if so. */
export interface NextResult {
  state: FlowState;
  effects: FlowEffect[];
  errors: FlowError[];
  /** The transition taken, if any. */
  transition?: TransitionDef;
  /** Where the transition taken sits: its step and the event naming it. */
  site?: { step: string; event: string };
}

/** Options of {@link next} and {@link requestStatus}. */
export interface NextOptions {
  /** The logic instance guards, roles and effects evaluate with (the definition set's). */
  logic: LogicInstance;
  /** Who raises the event or request: a client (default) may not take transitions marked `by: server`. */
  by?: 'client' | 'server';
}
