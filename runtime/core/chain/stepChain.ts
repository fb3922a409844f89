import type { FlowDef, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import { next, statusEventSite } from '../flow/next';
import { stepStateDefs } from '../flow/stepState';
import { stepPath } from '../flow/stepRoute';
import { namedStepPath, recordCall, type ChainWorld } from './recordEffects';
import { stepForStatus } from '../flow/stepStatus';
import { getPath } from '../source/pointer';
import type { AwaitedEffect, ChainEffect, ChainQueued, ChainInput, ChainSite, ChainSnapshot, ChainStep, ChainWork, EventRun, RaiseInput } from './chainTypes';
import { finishEvent } from './finishEvent';
import { writeState, writeWork } from './writeWork';

type Running = Extract<ChainSnapshot, { status: 'running' }>;

/** A chain waiting for its first event in `step` of `flow`, over `context` (record, state, user, params, url ...), evaluating with `logic`. */
export function startChain(flow: FlowDef, step: string, context: LogicContext, logic: LogicInstance, world: ChainWorld = {}): ChainSnapshot {
  return { status: 'idle', site: { flow, step, logic, ...world }, context };
}

/** The context an effect of the running event reads: where it started, with what the event wrote so far. */
const workContext = (run: EventRun): LogicContext => ({ ...run.from, record: run.work.record, state: run.work.state, form: (run.input.payload?.form as Record<string, unknown>) ?? {} });



/**
 * The orchestration step: pure, it runs nothing. Reads one input (an event, an awaited effect's
 * outcome, or Try Again) and answers the new snapshot, the effects to run as data, and the next
 * event (a transition's `then`) if any. An executor runs the effects and feeds each outcome back;
 * `runChain` is that loop.
 * @example
 * let { snapshot, effects } = stepChain(startChain(flow, 'form', context, logic), { type: 'raise', event: 'submit', payload: { form } });
 * // effects: [{ kind: 'call', operation: 'saveLead', variables }] -> run it, then:
 * ({ snapshot, effects, next } = stepChain(snapshot, { type: 'effect.done', value: { status: 'ok' } }));
 */
export function stepChain(snapshot: ChainSnapshot, input: ChainInput): ChainStep {
  if (input.type === 'raise' && snapshot.status === 'idle') return beginEvent(snapshot.site, snapshot.context, input);
  if (input.type === 'retry' && snapshot.status === 'failed' && snapshot.retryable) return beginEvent(snapshot.site, snapshot.retry.context, snapshot.retry.input);
  if ((input.type === 'effect.done' || input.type === 'effect.failed') && snapshot.status === 'running' && snapshot.run.awaiting) return settle(snapshot, input);
  return { snapshot, effects: [{ kind: 'log', error: `chain input '${input.type}' ignored while ${snapshot.status}` }] };
}

/** Takes an event's transition (after the input's state write, if any) and starts on its effects. */
function beginEvent(site: ChainSite, from: LogicContext, input: RaiseInput): ChainStep {
  const idle: ChainSnapshot = { status: 'idle', site, context: from };
  let work: ChainWork = { record: from.record ?? {}, state: { ...((from.state as Record<string, unknown> | undefined) ?? {}) }, touched: [] };
  if (input.write) {
    try {
      for (const w of [input.write].flat()) work = writeState(stepStateDefs(site.flow, site.step), work, w.path, w.value);
    } catch (error) {
      return { snapshot: idle, effects: [{ kind: 'log', error }] };
    }
  }
  const effects: ChainEffect[] = [];
  const context: LogicContext = { ...from, state: work.state, form: (input.payload?.form as Record<string, unknown>) ?? {} };
  let result = input.event === undefined ? undefined : next(site.flow, { step: site.step }, { type: input.event, payload: input.payload }, context, { logic: site.logic });
  if (result?.errors.length) {
    if (!input.chained || result.errors.some((e) => e.kind !== 'guardFailed')) effects.push({ kind: 'log', error: JSON.stringify(result.errors) });
    // A refused event changes nothing, but a write that came with it still counts.
    if (!input.write) return { snapshot: idle, effects };
    result = undefined;
  }
  const run: EventRun = { from, input, work, queue: result?.effects ?? [], target: result?.state.step ?? site.step, ...(result?.transition ? { transition: result.transition } : {}) };
  return proceed({ status: 'running', site, run }, effects);
}

/** Applies the transition's effects in order until one needs the outside world (then waits for it) or none is left. */
function proceed(snapshot: Running, effects: ChainEffect[]): ChainStep {
  const { site } = snapshot;
  const defs = stepStateDefs(site.flow, site.step);
  let run: EventRun = { ...snapshot.run };
  delete run.awaiting;
  while (run.queue.length) {
    const [effect, ...queue] = run.queue;
    run = { ...run, queue };
    const awaiting = (awaited: AwaitedEffect, out: ChainEffect): ChainStep => ({ snapshot: { ...snapshot, run: { ...run, awaiting: awaited } }, effects: [...effects, out] });
    const params = (run.from.params ?? {}) as Record<string, unknown>;
    switch (effect.kind) {
      case 'call':
        if (effect.updatesRecord) run = { ...run, queue: [{ kind: 'reload' }, ...run.queue] };
        return awaiting(effect, { kind: 'call', operation: effect.operation, variables: effect.variables });
      case 'save':
      case 'request': {
        let call: { operation: string; variables: Record<string, unknown> };
        const context = workContext(run);
        try {
          call = recordCall(site, effect, context, site.logic);
        } catch (error) {
          return fail(snapshot, error, effects);
        }
        // Accepted: a save's path holds what was saved at once; then the record as the server reads it back, and
        // after a request the screen of the status flow's (new) status.
        const at = effect.kind === 'request' ? statusEventSite(Object.values(site.flows ?? {}), context, effect.event, site.logic) : undefined;
        const after: ChainQueued[] = effect.kind === 'save' ? [{ kind: 'set', path: `record.${effect.path}`, value: effect.value }] : [];
        run = { ...run, queue: [...after, { kind: 'reload' }, ...(at ? [{ kind: 'statusScreen' as const, flow: at.flow.id }] : []), ...run.queue] };
        const onError = effect.onError ? { onError: effect.onError } : {};
        const result = effect.kind === 'save' && effect.result ? { result: effect.result } : {};
        return awaiting({ kind: 'call', ...call, ...result, ...onError }, { kind: 'call', ...call });
      }
      case 'reload':
        return awaiting(effect, { kind: 'loadRecord', params });
      case 'statusScreen': {
        const flow = site.flows?.[effect.flow];
        const step = flow?.status ? stepForStatus(flow, getPath(run.work.record, flow.status.field) as string | undefined) : undefined;
        if (flow && step) run = { ...run, go: { to: stepPath(site.flows ?? {}, flow, step, params), replace: false } };
        break;
      }
      case 'goStep': {
        const to = namedStepPath(site, site.flow, effect.step, effect.params);
        if (to === undefined) return fail(snapshot, new Error(`navigate: no step '${effect.step}' (name a step of this flow or flow.step)`), effects);
        run = { ...run, go: { to, replace: effect.replace === true } };
        break;
      }
      case 'effect':
        return { snapshot: { ...snapshot, run: { ...run, awaiting: effect } }, effects: [...effects, { kind: 'effect', name: effect.name, params: effect.params }] };
      case 'set':
      case 'status':
        try {
          run = { ...run, work: effect.kind === 'set' ? writeWork(defs, run.work, effect.path, effect.value) : writeWork(defs, run.work, `record.${effect.path}`, effect.to) };
        } catch (error) {
          return fail(snapshot, error, effects);
        }
        break;
      case 'go':
        run = { ...run, go: { to: effect.to, replace: effect.replace === true } };
        break;
      case 'navigate':
        // The target step: where the event ends up is decided once its effects ran.
        break;
    }
  }
  return finishEvent(site, run, effects);
}

/**
 * The awaited effect's outcome: a call's result is written at its `result` path. A failure follows the
 * effect's `onError`: `log` reports it and the event goes on (without the result); otherwise the event
 * stops (`retry`, the default, lets Try Again run it again; `dialog` does not).
 */
function settle(snapshot: Running, input: Extract<ChainInput, { type: 'effect.done' | 'effect.failed' }>): ChainStep {
  const awaiting = snapshot.run.awaiting;
  const onError = (awaiting && 'onError' in awaiting ? awaiting.onError : undefined) ?? 'retry';
  const failed = (error: unknown) => (onError === 'log' ? proceed(snapshot, [{ kind: 'log', error }]) : fail(snapshot, error, [], onError === 'retry'));
  if (input.type === 'effect.failed') return failed(input.error);
  if (awaiting?.kind === 'reload') {
    const record = input.value;
    if (record === null || typeof record !== 'object' || Array.isArray(record)) return proceed(snapshot, []);
    return proceed({ ...snapshot, run: { ...snapshot.run, work: { ...snapshot.run.work, record: record as Record<string, unknown> } } }, []);
  }
  if (awaiting?.kind !== 'call' || !awaiting.result) return proceed(snapshot, []);
  try {
    const work = writeWork(stepStateDefs(snapshot.site.flow, snapshot.site.step), snapshot.run.work, awaiting.result, input.value);
    return proceed({ ...snapshot, run: { ...snapshot.run, work } }, []);
  } catch (error) {
    return failed(error);
  }
}

/** A failed effect: the event's writes are dropped and the chain stops; when `retryable`, Try Again runs the event again. */
function fail(snapshot: Running, error: unknown, effects: ChainEffect[], retryable = true): ChainStep {
  const { site, run } = snapshot;
  return { snapshot: { status: 'failed', site, error, retryable, retry: { context: run.from, input: run.input } }, effects: [...effects, { kind: 'log', error }] };
}
