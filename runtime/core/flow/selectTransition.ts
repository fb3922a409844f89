import type { FlowDef, LogicContext, TransitionDef } from '../types';
import type { FlowError, NextOptions } from './flowTypes';
import { rolesAllow } from './roles';

/** A transition that may answer a request, with the step it sits in and the event that names it. */
export interface Candidate {
  step: string;
  event: string;
  transition: TransitionDef;
}

/** Outcome of {@link selectTransition}: the candidate taken, or why none was. */
export type Selection = { ok: true; candidate: Candidate } | { ok: false; error: FlowError };

/** When no candidate passes, the refusal reported is the highest ranked: a failing guard is one the caller may yet meet. */
const RANK: Partial<Record<FlowError['kind'], number>> = { roleNotAllowed: 0, serverOnly: 1, guardFailed: 2 };

/**
 * The one transition selector, used by {@link next} (an event in a step, the browser and path coverage)
 * and by {@link requestStatus} (the server deciding a status request). Each candidate, in file order,
 * passes three checks in this order:
 * 1. roles: the caller has a role of the step's `roles` and of the transition's own (default: the step's);
 * 2. guard: the transition's guard holds on `data` (the context plus `roles` and `event`);
 * 3. `by: server`: a transition marked so is taken only when the server raises it (`options.by`).
 * The first candidate passing all three is taken. When none does, the refusal is the highest ranked of
 * those met (a failing guard, else server-only, else roles), the first of that rank in file order.
 */
export function selectTransition(flow: FlowDef, candidates: Candidate[], roles: string[], data: LogicContext, options: NextOptions): Selection {
  const by = options.by ?? 'client';
  let refusal: FlowError | undefined;
  const refuse = (error: FlowError) => {
    if (refusal === undefined || (RANK[error.kind] ?? 0) > (RANK[refusal.kind] ?? 0)) refusal = error;
  };
  for (const candidate of candidates) {
    const { step, event, transition } = candidate;
    const stepRoles = flow.steps[step]?.roles;
    const allowed = transition.roles ?? stepRoles;
    if (!rolesAllow(stepRoles, roles) || !rolesAllow(allowed, roles)) refuse({ kind: 'roleNotAllowed', step, event, roles, allowed: allowed ?? [] });
    else if (!options.logic.holds(transition.guard, data)) refuse({ kind: 'guardFailed', step, event });
    else if (transition.by === 'server' && by !== 'server') refuse({ kind: 'serverOnly', step, event });
    else return { ok: true, candidate };
  }
  return { ok: false, error: refusal ?? { kind: 'guardFailed', step: candidates[0]?.step ?? '', event: candidates[0]?.event ?? '' } };
}
