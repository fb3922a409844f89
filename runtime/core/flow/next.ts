import type { FlowDef, FlowEvent, FlowState, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import { getPath } from '../source/pointer';
import { resolveEffects } from './effects';
import type { FlowEffect, FlowError, NextOptions, NextResult } from './flowTypes';
import { rolesAllow, rolesOf } from './roles';
import { selectTransition, type Candidate } from './selectTransition';
import { eachTransition, transitionsOf } from './walkFlow';
import { STATUS_TARGET, stepActiveIn, stepForStatus } from './stepStatus';

/** The flow's current status: the state's, else the record's status field, else the declared initial. */
export function currentStatus(flow: FlowDef, state: FlowState, context: LogicContext): string | undefined {
  if (state.status !== undefined) return state.status;
  const stored = flow.status ? getPath(context.record, flow.status.field) : undefined;
  return typeof stored === 'string' && stored !== '' ? stored : undefined;
}

/**
 * The flow machine: apply one event to a state. Pure: the caller runs the returned effects.
 * The transition is chosen by {@link selectTransition} (roles, guard, `by: server`, in that order) among
 * the event's alternatives in the current step; guards read the context plus `event` (the event payload).
 * A target of `@status` goes to the step active in the (new) status.
 * @example
 * const { state, effects, errors } = next(flow, { step: 'start' }, { type: 'submit' }, ctx, { logic });
 */
export function next(flow: FlowDef, state: FlowState, event: FlowEvent, context: LogicContext, options: NextOptions): NextResult {
  const step = flow.steps[state.step];
  const refused = (errors: FlowError[]): NextResult => ({ state, effects: [], errors });
  if (!step) return refused([{ kind: 'unknownStep', step: state.step }]);
  const roles = rolesOf(flow, context, options.logic);
  if (!rolesAllow(step.roles, roles)) return refused([{ kind: 'roleNotAllowed', step: state.step, roles, allowed: step.roles ?? [] }]);
  const candidates = transitionsOf(flow, state.step, event.type).map((transition) => ({ step: state.step, event: event.type, transition }));
  if (candidates.length === 0) return refused([{ kind: 'unknownEvent', step: state.step, event: event.type, known: Object.keys(step.on ?? {}) }]);
  return take(flow, state, candidates, roles, { ...context, roles, event: event.payload ?? {} }, options);
}

/**
 * A status request (the server deciding a client's status write, or a provider outcome the server
 * reports): the transitions that move the status from `from` to `to`, in the steps active in `from`, go
 * through the same {@link selectTransition} as {@link next}; the result is the one `next` gives for the
 * event of the transition taken (`site` names its step and event).
 * @example
 * const { errors, effects, site } = requestStatus(flow, 'approvals', 'reviewAndSignContract', ctx, { logic });
 */
export function requestStatus(flow: FlowDef, from: string | undefined, to: string, context: LogicContext, options: NextOptions): NextResult {
  const state: FlowState = { step: stepForStatus(flow, from) ?? flow.initial, ...(from === undefined ? {} : { status: from }) };
  const candidates = eachTransition(flow).filter((site) => site.transition.status === to && stepActiveIn(flow, flow.steps[site.step], from));
  if (candidates.length === 0) return { state, effects: [], errors: [{ kind: 'noTransition', ...(from === undefined ? {} : { from }), to }] };
  const roles = rolesOf(flow, context, options.logic);
  return take(flow, state, candidates, roles, { ...context, roles, event: {} }, options);
}

/** Select among `candidates` and, when one is taken, the state it leads to and its effects in order (status, the transition's own, navigation). */
function take(flow: FlowDef, state: FlowState, candidates: Candidate[], roles: string[], data: LogicContext, options: NextOptions): NextResult {
  const selection = selectTransition(flow, candidates, roles, data, options);
  if (!selection.ok) return { state, effects: [], errors: [selection.error] };
  const { step, event, transition } = selection.candidate;
  const from = currentStatus(flow, state, data);
  const effects: FlowEffect[] = [];
  let status = from;
  if (transition.status !== undefined && flow.status) {
    status = transition.status;
    effects.push({ kind: 'status', path: flow.status.field, ...(from === undefined ? {} : { from }), to: transition.status });
  }
  effects.push(...resolveEffects(transition.effects, data, options.logic).effects);
  const target = transition.target === STATUS_TARGET ? (stepForStatus(flow, status) ?? step) : (transition.target ?? step);
  if (target !== step) effects.push({ kind: 'navigate', step: target, ...(flow.steps[target]?.route ? { route: flow.steps[target].route } : {}) });
  const nextState: FlowState = status === undefined ? { step: target } : { step: target, status };
  return { state: nextState, effects, errors: [], transition, site: { step, event } };
}

/**
 * A status request by event (a screen's `request: <event>`, the server's requestTransition): the status flow of
 * `flows` (in order) whose step active in its current status handles `event` with a status transition, and the
 * step that handles it; among several, the first whose roles (the step's and the transition's) the caller has
 * (e.g. the primary and the secondary officer's `proceed`), else the first. The caller decides the request with
 * {@link next} in that step.
 * @example const site = statusEventSite([flows.primary, flows.secondary], ctx, 'proceed', logic);
 */
export function statusEventSite(flows: FlowDef[], context: LogicContext, event: string, logic: LogicInstance): { flow: FlowDef; step: string; status?: string } | undefined {
  let first: { flow: FlowDef; step: string; status?: string } | undefined;
  for (const flow of flows) {
    if (!flow.status) continue;
    const status = currentStatus(flow, { step: flow.initial }, context);
    const roles = rolesOf(flow, context, logic);
    for (const t of eachTransition(flow)) {
      if (t.event !== event || t.transition.status === undefined || !stepActiveIn(flow, flow.steps[t.step], status)) continue;
      const site = { flow, step: t.step, ...(status === undefined ? {} : { status }) };
      const stepRoles = flow.steps[t.step]?.roles;
      if (rolesAllow(stepRoles, roles) && rolesAllow(t.transition.roles ?? stepRoles, roles)) return site;
      first ??= site;
    }
  }
  return first;
}
