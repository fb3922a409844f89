import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorStackReducer, runChain, startChain, toRetry, type ChainExecutor, type ChainSnapshot, type StackedError } from '../../core/chain';
import { deriveRoles, recordProgress, stepStateDefs } from '../../core/flow';
import type { FlowDef, LogicContext } from '../../core/types';
import { BindingError } from '../bindings/createGraphQLClient';
import { useRuntime } from '../RuntimeContext';
import { readState } from '../state/stepState';
import { updateScreen } from '../state/updateScreen';

/** What a step screen gets from {@link useChain}. */
export interface StepChain {
  /**
   * Raises a flow event; resolves when its chain rests (or failed and the error dialog shows).
   * `options.chained`: a guard that does not hold is expected; `options.replace`: query writes replace the history entry.
   */
  raise: (event: string, payload?: Record<string, unknown>, options?: { chained?: boolean; replace?: boolean }) => Promise<void>;
  /**
   * Raises a flow event whose failure the caller shows itself (an inline edit's refusal): a failed chain does not go
   * on the error stack; resolves with its message (the first GraphQL error, '' without one), or undefined when it ran.
   */
  attempt: (event: string, payload?: Record<string, unknown>) => Promise<{ message: string } | undefined>;
  /** Writes page state (`state.x.y`), then raises `event` (payload `{ value }`) if given, in one update. */
  write: (path: string, value: unknown, event?: string) => Promise<void>;
  /** Writes several page-state paths (`state.x.y` -> value) in order, then raises `event` with `payload` if given, in one update. */
  writeAll: (values: Record<string, unknown>, event?: string, payload?: Record<string, unknown>) => Promise<void>;
  /** True while a chain runs. */
  busy: boolean;
  /** Resolves once no chain runs (those running or queued now, and any they queue meanwhile). */
  idle: () => Promise<void>;
  /** The failures the global error dialog lists (it shows while there is one). */
  errors: StackedError[];
  /** Try Again: runs every retryable failed event again from where it started; the others are cleared. */
  retry: () => void;
  /** Closes the error dialog without trying again. */
  dismiss: () => void;
}

/** What a failure may show the user: a GraphQL call's first error message (spec: only the first is kept); nothing else. */
const messageOf = (error: unknown): string => (error instanceof BindingError ? error.message : '');

/** What chains wrote that the last render may not show yet. */
interface Unrendered { record?: Record<string, unknown>; search?: string }

/**
 * The executor of a step's event chains: core's `runChain` decides; this runs the effects it
 * returns (GraphQL calls via Apollo, registered effects, record and page-state writes,
 * navigation) and keeps a failed chain for Try Again. Chains run one at a time, each from the
 * latest context: page state, record and query as the chains before it left them, rendered or not
 * (two clicks before a re-render both land).
 */
export function useChain(flow: FlowDef, stepId: string, context: LogicContext): StepChain {
  const rt = useRuntime();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [errors, dispatch] = useReducer(errorStackReducer, []);
  const errorsRef = useRef(errors);
  errorsRef.current = errors;
  const rendered = useRef(context);
  const unrendered = useRef<Unrendered>({});
  const tail = useRef<Promise<void> | null>(null);
  useLayoutEffect(() => {
    rendered.current = context;
    const url = context.url as { search?: string } | undefined;
    if (unrendered.current.record === context.record) delete unrendered.current.record;
    if (unrendered.current.search === url?.search) delete unrendered.current.search;
  }, [context]);

  /** The context the next event starts from: the rendered one, with what chains wrote since. */
  const latest = useCallback((): LogicContext => {
    const ctx = rendered.current;
    const url = (ctx.url ?? {}) as { path?: string; search?: string };
    const { record = ctx.record, search = url.search ?? '' } = unrendered.current;
    const base = { ...ctx, record, url: { ...url, search }, state: readState(stepStateDefs(flow, stepId), rt.pageState, search) };
    return record === ctx.record ? base : { ...base, roles: deriveRoles(flow, base, rt.logic), progress: recordProgress(flow, record) };
  }, [flow, stepId, rt.pageState, rt.logic]);

  const world = useMemo(() => ({ flows: rt.bundle.flows, ...(rt.bundle.record ? { recordApi: rt.bundle.record } : {}) }), [rt.bundle]);
  const executor = useMemo<ChainExecutor>(() => ({
    call: (operation, variables) => rt.graphql.call(operation, variables),
    ...(rt.loadRecord ? { loadRecord: rt.loadRecord } : {}),
    effect: (name, params) => {
      const handler = rt.effects[name];
      if (!handler) throw new Error(`unknown effect '${name}'; known effects: ${Object.keys(rt.effects).join(', ')}`);
      return handler(params, { navigate: (to) => navigate(to) });
    },
    setRecord: (record) => {
      unrendered.current.record = record;
      rt.setRecord(record);
    },
    storeState: (entries) => rt.pageState.write(entries),
    go: (to, replace) => {
      const [path, search = ''] = to.split(/(?=\?)/);
      if (path === (rendered.current.url as { path?: string } | undefined)?.path) unrendered.current.search = search;
      void navigate(to, { replace });
    },
    log: (error) => console.error(error),
  }), [rt, navigate]);

  // A chain starts at once when none runs (its writes land within the event, as controlled inputs
  // need), else after the running ones, from the context they left.
  // A chain that ends failed goes on the error stack, unless `onEnd` takes its end (a Try Again re-run).
  const run = useCallback((start: () => ChainSnapshot, input: Parameters<typeof runChain>[1], onEnd?: (end: ChainSnapshot) => void): Promise<void> => {
    updateScreen(() => setBusy(true));
    const chain = async () => {
      const end = await runChain(start(), input, executor);
      if (onEnd) onEnd(end);
      else if (end.status === 'failed') updateScreen(() => dispatch({ type: 'failed', chain: end, message: messageOf(end.error) }));
    };
    const task = tail.current ? tail.current.then(chain) : chain();
    const settled = task.catch(() => undefined);
    tail.current = settled;
    void settled.then(() => {
      if (tail.current !== settled) return;
      tail.current = null;
      updateScreen(() => setBusy(false));
    });
    return task;
  }, [executor]);

  const raise = useCallback((event: string, payload?: Record<string, unknown>, options: { chained?: boolean; replace?: boolean } = {}) =>
    run(() => startChain(flow, stepId, latest(), rt.logic, world), { type: 'raise', event, ...(payload ? { payload } : {}), ...options }), [run, flow, stepId, latest, rt.logic, world]);
  const attempt = useCallback(async (event: string, payload?: Record<string, unknown>) => {
    let failure: { message: string } | undefined;
    await run(() => startChain(flow, stepId, latest(), rt.logic, world), { type: 'raise', event, ...(payload ? { payload } : {}) }, (end) => {
      if (end.status === 'failed') failure = { message: messageOf(end.error) };
    });
    return failure;
  }, [run, flow, stepId, latest, rt.logic, world]);
  const writeAll = useCallback((values: Record<string, unknown>, event?: string, payload?: Record<string, unknown>) => {
    const write = Object.entries(values).map(([path, value]) => ({ path: path.replace(/^state\./, ''), value }));
    return run(() => startChain(flow, stepId, latest(), rt.logic, world), { type: 'raise', ...(event ? { event } : {}), ...(payload ? { payload } : {}), write });
  }, [run, flow, stepId, latest, rt.logic, world]);
  const write = useCallback((path: string, value: unknown, event?: string) => writeAll({ [path]: value }, event, { value }), [writeAll]);
  const retry = useCallback(() => {
    const marked = toRetry(errorStackReducer(errorsRef.current, { type: 'tryAgain' }));
    dispatch({ type: 'tryAgain' });
    for (const entry of marked) {
      void run(() => entry.retry, { type: 'retry' }, (end) => dispatch({ type: 'retried', id: entry.id, end, message: end.status === 'failed' ? messageOf(end.error) : '' }));
    }
  }, [run]);
  const dismiss = useCallback(() => dispatch({ type: 'dismiss' }), []);
  const idle = useCallback(async (): Promise<void> => {
    while (tail.current) await tail.current;
  }, []);
  return { raise, attempt, write, writeAll, busy, idle, errors, retry, dismiss };
}
