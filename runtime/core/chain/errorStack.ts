import type { ChainSnapshot, FailedChain } from './chainTypes';

/** One failure the global error dialog lists. */
export interface StackedError {
  /** Unique within its stack (a retried failure keeps its id). */
  id: number;
  /** What the failure said (a GraphQL call: its first error's message); empty when it said nothing the user may read. */
  message: string;
  /** The stopped chain, when Try Again may run its event again (`onError: retry`); absent for `onError: dialog`. */
  retry?: FailedChain;
  /** Try Again is running it now. */
  retrying?: boolean;
}

/**
 * The global error dialog's stack, as a pure reducer (the dialog shows while it is not empty):
 * - `failed`: a chain stopped on a failure; it goes on top;
 * - `tryAgain`: every entry that cannot be re-run is cleared, the others are marked `retrying`
 *   ({@link toRetry} names them; the executor runs each with `{ type: 'retry' }`);
 * - `retried`: a re-run ended: cleared when it rested, kept (with the new failure) when it failed again;
 * - `dismiss`: the dialog was closed without trying again: everything not being re-run is cleared.
 * @example
 * let stack = errorStackReducer([], { type: 'failed', chain: end, message: 'Quote not found' });
 * stack = errorStackReducer(stack, { type: 'tryAgain' });
 * for (const e of toRetry(stack)) stack = errorStackReducer(stack, { type: 'retried', id: e.id, end: await runChain(e.retry!, { type: 'retry' }, executor), message: '' });
 */
export type ErrorStackAction =
  | { type: 'failed'; chain: FailedChain; message: string }
  | { type: 'tryAgain' }
  | { type: 'retried'; id: number; end: ChainSnapshot; message: string }
  | { type: 'dismiss' };

/** See {@link ErrorStackAction}. */
export function errorStackReducer(stack: StackedError[], action: ErrorStackAction): StackedError[] {
  switch (action.type) {
    case 'failed': {
      const id = stack.reduce((max, e) => Math.max(max, e.id), 0) + 1;
      return [...stack, { id, message: action.message, ...(action.chain.retryable ? { retry: action.chain } : {}) }];
    }
    case 'tryAgain':
      return stack.filter((e) => e.retry).map((e) => ({ ...e, retrying: true }));
    case 'retried':
      if (action.end.status !== 'failed') return stack.filter((e) => e.id !== action.id);
      return stack.map((e) => (e.id === action.id ? { id: e.id, message: action.message, ...(action.end.status === 'failed' && action.end.retryable ? { retry: action.end } : {}) } : e));
    case 'dismiss':
      return stack.filter((e) => e.retrying);
  }
}

/** The entries Try Again has just marked to run again (after a `tryAgain` action). */
export const toRetry = (stack: StackedError[]): (StackedError & { retry: FailedChain })[] =>
  stack.filter((e): e is StackedError & { retry: FailedChain } => e.retrying === true && e.retry !== undefined);

/** Whether the dialog offers Try Again: some entry can be re-run and none is running. */
export const canTryAgain = (stack: StackedError[]): boolean => stack.some((e) => e.retry) && !stack.some((e) => e.retrying);
