import type { FlowDef, FlowEvent, FlowState, LogicContext } from '../types';
import { getPath } from '../source/pointer';
import { resolveEffects } from './effects';
import type { FlowEffect, FlowError, NextOptions, NextResult } from './flowTypes';
import { rolesAllow, rolesOf } from './roles';
import { transitionsOf } from './walkFlow';
import { STATUS_TARGET, stepForStatus } from './statusTransition';

/** The flow's current status: the state's, else the record's status field, else the declared initial. */
export function currentStatus(flow: FlowDef, state: FlowState, context: LogicContext): string | undefined {
  if (state.status !== undefined) return state.status;
  const stored = flow.status ? getPath(context.record, flow.status.field) : undefined;
  return typeof stored === 'string' && stored !== '' ? stored : undefined;
}

/**
 * The flow machine: apply one event to a state. Pure: the caller runs the returned effects.
 * The first transition of the event whose roles allow and whose guard holds is taken; guards
 * read the context plus `event` (the event payload). A target of `@status` goes to the step
 * active in the (new) status.
 * @example
 * const { state, effects, errors } = next(flow, { step: 'start' }, { type: 'submit' }, ctx, { logic });
 */
export function next(flow: FlowDef, state: FlowState, event: FlowEvent, context: LogicContext, options: NextOptions): NextResult {
  const { logic } = options;
  const step = flow.steps[state.step];
  const unchanged = (errors: FlowError[]): NextResult => ({ state, effects: [], errors });
  if (!step) return unchanged([{ kind: 'unknownStep', step: state.step }]);
  const roles = rolesOf(flow, context, logic);
  if (!rolesAllow(step.roles, roles)) return unchanged([{ kind: 'roleNotAllowed', step: state.step, roles, allowed: step.roles ?? [] }]);
  const candidates = transitionsOf(flow, state.step, event.type);
  if (candidates.length === 0) return unchanged([{ kind: 'unknownEvent', step: state.step, event: event.type, known: Object.keys(step.on ?? {}) }]);

  const data: LogicContext = { ...context, roles, event: event.payload ?? {} };
  const by = options.by ?? 'client';
  let refusal: FlowError | undefined;
  for (const transition of candidates) {
    const allowed = transition.roles ?? step.roles;
    if (!rolesAllow(allowed, roles)) {
      refusal ??= { kind: 'roleNotAllowed', step: state.step, event: event.type, roles, allowed: allowed ?? [] };
      continue;
    }
    if (!logic.holds(transition.guard, data)) {
      refusal = refusal?.kind === 'roleNotAllowed' ? refusal : { kind: 'guardFailed', step: state.step, event: event.type };
      continue;
    }
    if (transition.by === 'server' && by !== 'server') {
      refusal ??= { kind: 'serverOnly', step: state.step, event: event.type };
      continue;
    }
    const from = currentStatus(flow, state, context);
    const effects: FlowEffect[] = [];
    let status = from;
    if (transition.status !== undefined && flow.status) {
      status = transition.status;
      effects.push({ kind: 'status', path: flow.status.field, ...(from === undefined ? {} : { from }), to: transition.status });
    }
    effects.push(...resolveEffects(transition.effects, data, logic).effects);
    const target = transition.target === STATUS_TARGET ? (stepForStatus(flow, status) ?? state.step) : (transition.target ?? state.step);
    if (target !== state.step) effects.push({ kind: 'navigate', step: target, ...(flow.steps[target]?.route ? { route: flow.steps[target].route } : {}) });
    const nextState: FlowState = status === undefined ? { step: target } : { step: target, status };
    return { state: nextState, effects, errors: [], transition };
  }
  return unchanged([refusal ?? { kind: 'guardFailed', step: state.step, event: event.type }]);
}
