import type { FlowDef, LogicContext, StepDef, TransitionDef } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import type { FlowError } from './flowTypes';
import { rolesAllow } from './roles';
import { eachTransition } from './walkFlow';

/** Outcome of {@link findStatusTransition}. */
export type StatusTransitionResult =
  | { ok: true; step: string; event: string; transition: TransitionDef }
  | { ok: false; error: FlowError };

/** Statuses a step is active in (empty: any status). */
export function stepStatuses(step: StepDef | undefined): string[] {
  const s = step?.status;
  return s === undefined ? [] : Array.isArray(s) ? s : [s];
}

/** Whether a step is active in `status` (steps without `status` are active in every status). */
export function stepActiveIn(flow: FlowDef, step: StepDef | undefined, status: string | undefined): boolean {
  const own = stepStatuses(step);
  if (own.length === 0) return true;
  const effective = status === undefined || status === '' ? flow.status?.initial : status;
  return effective !== undefined && own.includes(effective);
}

/**
 * For the server: a client's status write is a transition request. Find a transition, in a step
 * active in `fromStatus`, that moves the status to `toStatus`, that `roles` may take and whose guard holds.
 */
export function findStatusTransition(
  flow: FlowDef,
  fromStatus: string | undefined,
  toStatus: string,
  roles: string[],
  context: LogicContext,
  options: { logic: LogicInstance; by?: 'client' | 'server' },
): StatusTransitionResult {
  const by = options.by ?? 'client';
  const data = { ...context, roles };
  let refusal: FlowError | undefined;
  for (const site of eachTransition(flow)) {
    const step = flow.steps[site.step];
    if (site.transition.status !== toStatus || !stepActiveIn(flow, step, fromStatus)) continue;
    const allowed = site.transition.roles ?? step.roles;
    if (!rolesAllow(allowed, roles)) {
      refusal ??= { kind: 'roleNotAllowed', step: site.step, event: site.event, roles, allowed: allowed ?? [] };
      continue;
    }
    if (site.transition.by === 'server' && by !== 'server') {
      refusal ??= { kind: 'serverOnly', step: site.step, event: site.event };
      continue;
    }
    if (!options.logic.holds(site.transition.guard, data)) {
      refusal ??= { kind: 'guardFailed', step: site.step, event: site.event };
      continue;
    }
    return { ok: true, step: site.step, event: site.event, transition: site.transition };
  }
  return { ok: false, error: refusal ?? { kind: 'noTransition', ...(fromStatus === undefined ? {} : { from: fromStatus }), to: toStatus } };
}

/** Reserved transition target: the step active in the (new) status, e.g. a home screen's "continue". */
export const STATUS_TARGET = '@status';

/** The first step (in file order) that declares `status` among its statuses. */
export function stepForStatus(flow: FlowDef, status: string | undefined): string | undefined {
  if (status === undefined) return undefined;
  return Object.keys(flow.steps).find((id) => stepStatuses(flow.steps[id]).includes(status));
}
