/**
 * Saves and status requests as the page runs them: the record API's calls (the definition set's `record`), and
 * what the page's copy of the record and its address become when the server accepts them. The chain runs them
 * one by one (stepChain); {@link asRun} lists them at once, predicting a request's new status with the core's
 * `next` (path coverage compares that with what the server stores).
 */
import type { LogicInstance } from '../logic/createLogic';
import type { FlowEffect } from '../flow/flowTypes';
import { next, statusEventSite } from '../flow/next';
import { namedStep, stepPath } from '../flow/stepRoute';
import { stepForStatus } from '../flow/stepStatus';
import { setPath } from '../source/pointer';
import type { FlowDef, LogicContext, RecordApiDef } from '../types';

/** What a chain knows beside its flow: every flow (named routes, status screens, status requests) and the record API. */
export interface ChainWorld {
  flows?: Record<string, FlowDef>;
  recordApi?: RecordApiDef;
}

/** The call a save or a status request sends: the record API's binding, its variables over `context` plus `save` or `request`. */
export function recordCall(world: ChainWorld, effect: Extract<FlowEffect, { kind: 'save' | 'request' }>, context: LogicContext, logic: LogicInstance): { operation: string; variables: Record<string, unknown> } {
  const api = effect.kind === 'save' ? world.recordApi?.save : world.recordApi?.request;
  if (!api) throw new Error(`a '${effect.kind}' effect needs the definition set's record.${effect.kind} binding (fleetform.yaml 'record')`);
  const extra = effect.kind === 'save' ? { save: { path: effect.path, segments: effect.path.split('.'), value: effect.value } } : { request: { event: effect.event } };
  return { operation: api.call, variables: logic.evaluateTemplate(api.variables, { ...context, ...extra }) as Record<string, unknown> };
}

/** The app path of a named step (`flow.step` or a step of `flow`); undefined when there is none. */
export function namedStepPath(world: ChainWorld, flow: FlowDef, name: string, params: Record<string, unknown>): string | undefined {
  const named = namedStep(world.flows ?? { [flow.id]: flow }, flow, name);
  return named && stepPath(world.flows ?? {}, named.flow, named.step, params);
}

/**
 * `effects` as the page runs them once the server accepts each: a save is its call and the page's copy of the
 * saved path; a request is its call, the status it moves to (decided by the core's `next` on `context`) and the
 * route of that status's screen; a named route is its path. Other effects are left as they are.
 */
export function asRun(effects: FlowEffect[], flow: FlowDef, context: LogicContext, logic: LogicInstance, world: ChainWorld): FlowEffect[] {
  const params = (context.params ?? {}) as Record<string, unknown>;
  // Each accepted save is in the page's copy the effects after it read (a request's guard reads what was saved).
  let current = context;
  return effects.flatMap((effect): FlowEffect[] => {
    if (effect.kind === 'save') {
      const call: FlowEffect = { kind: 'call', ...recordCall(world, effect, current, logic), ...(effect.result ? { result: effect.result } : {}) };
      current = setPath(current, `record.${effect.path}`, effect.value);
      return [call, { kind: 'set', path: `record.${effect.path}`, value: effect.value }];
    }
    // A transition's target step (`@status` included): its screen's route, as the chain goes there (finishEvent).
    if (effect.kind === 'navigate') return [{ kind: 'go', to: stepPath(world.flows ?? { [flow.id]: flow }, flow, effect.step, params) }];
    if (effect.kind === 'goStep') return [{ kind: 'go', to: namedStepPath(world, flow, effect.step, effect.params) ?? '', ...(effect.replace ? { replace: true } : {}) }];
    if (effect.kind !== 'request') return [effect];
    const out: FlowEffect[] = [{ kind: 'call', ...recordCall(world, effect, current, logic) }];
    const site = statusEventSite(Object.values(world.flows ?? {}), current, effect.event, logic);
    if (!site?.flow.status) return out;
    const decided = next(site.flow, { step: site.step, ...(site.status === undefined ? {} : { status: site.status }) }, { type: effect.event }, current, { logic });
    const to = decided.state.status;
    const step = decided.errors.length ? undefined : stepForStatus(site.flow, to);
    if (to === undefined || !step) return out;
    return [...out, { kind: 'set', path: `record.${site.flow.status.field}`, value: to }, { kind: 'go', to: stepPath(world.flows ?? {}, site.flow, step, params) }];
  });
}
