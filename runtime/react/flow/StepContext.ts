import { createContext, useContext } from 'react';
import type { LogicContext } from '../../core/types';

/** What blocks of the current step read: its logic context and the event raiser. */
export interface StepServices {
  flowId: string;
  stepId: string;
  context: LogicContext;
  /** Raises a flow event; resolves when its effects ran (or failed and the error dialog shows). */
  raise: (event: string, payload?: Record<string, unknown>) => Promise<void>;
  /**
   * Raises a flow event whose failure the block shows itself, not the error dialog: resolves with the failure's
   * message (the first GraphQL error, '' without one), or undefined when its effects ran.
   */
  attempt: (event: string, payload?: Record<string, unknown>) => Promise<{ message: string } | undefined>;
  /** Writes page state (`state.x.y`), then raises `event` (payload `{ value }`) if given, in one update. */
  write: (path: string, value: unknown, event?: string) => Promise<void>;
  /** Writes several page-state paths (`state.x.y` -> value) in order, then raises `event` with `payload` if given, in one update. */
  writeAll: (values: Record<string, unknown>, event?: string, payload?: Record<string, unknown>) => Promise<void>;
  /** True while an event's effects run (buttons disable themselves). */
  busy: boolean;
}

/** React context of the current step. */
export const StepContext = createContext<StepServices | null>(null);

/** The current step's services; throws outside a step screen. */
export function useStep(): StepServices {
  const step = useContext(StepContext);
  if (!step) throw new Error('useStep() must be used inside a step screen');
  return step;
}
