import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { runChain, startChain, type ChainExecutor, type ChainSnapshot } from '../../core/chain';
import type { FlowDef, LogicContext } from '../../core/types';
import { useRuntime } from '../RuntimeContext';

/** What a step screen gets from {@link useChain}. */
export interface StepChain {
  /**
   * Raises a flow event; resolves when its chain rests (or failed and the error dialog shows).
   * `options.chained`: a guard that does not hold is expected; `options.replace`: query writes replace the history entry.
   */
  raise: (event: string, payload?: Record<string, unknown>, options?: { chained?: boolean; replace?: boolean }) => Promise<void>;
  /** Writes page state (`state.x.y`), then raises `event` (payload `{ value }`) if given, in one update. */
  write: (path: string, value: unknown, event?: string) => Promise<void>;
  /** True while a chain runs. */
  busy: boolean;
  /** True when an effect failed (the global error dialog shows). */
  failed: boolean;
  /** Try Again: runs the failed event again from where it started. */
  retry: () => void;
  /** Closes the error dialog without trying again. */
  dismiss: () => void;
}

/**
 * The executor of a step's event chains: core's `runChain` decides; this runs the effects it
 * returns (GraphQL calls via Apollo, registered effects, record and page-state writes,
 * navigation) and keeps a failed chain for Try Again.
 */
export function useChain(flow: FlowDef, stepId: string, context: LogicContext): StepChain {
  const rt = useRuntime();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<ChainSnapshot | null>(null);

  const executor = useMemo<ChainExecutor>(() => ({
    call: (operation, variables) => rt.graphql.call(operation, variables),
    effect: (name, params) => {
      const handler = rt.effects[name];
      if (!handler) throw new Error(`unknown effect '${name}'; known effects: ${Object.keys(rt.effects).join(', ')}`);
      return handler(params, { navigate: (to) => navigate(to) });
    },
    setRecord: (record) => rt.setRecord(record),
    storeState: (entries) => rt.pageState.write(entries),
    go: (to, replace) => void navigate(to, { replace }),
    log: (error) => console.error(error),
  }), [rt, navigate]);

  const run = useCallback(async (snapshot: ChainSnapshot, input: Parameters<typeof runChain>[1]) => {
    setBusy(true);
    try {
      const end = await runChain(snapshot, input, executor);
      if (end.status === 'failed') setFailed(end);
    } finally {
      setBusy(false);
    }
  }, [executor]);

  const raise = useCallback((event: string, payload?: Record<string, unknown>, options: { chained?: boolean; replace?: boolean } = {}) =>
    run(startChain(flow, stepId, context, rt.logic), { type: 'raise', event, ...(payload ? { payload } : {}), ...options }), [run, flow, stepId, context, rt.logic]);
  const write = useCallback((path: string, value: unknown, event?: string) =>
    run(startChain(flow, stepId, context, rt.logic), { type: 'raise', ...(event ? { event } : {}), payload: { value }, write: { path: path.replace(/^state\./, ''), value } }), [run, flow, stepId, context, rt.logic]);
  const retry = useCallback(() => {
    if (!failed) return;
    setFailed(null);
    void run(failed, { type: 'retry' });
  }, [failed, run]);
  const dismiss = useCallback(() => setFailed(null), []);
  return { raise, write, busy, failed: failed !== null, retry, dismiss };
}
