import type { LogicInstance } from '../../core/logic';
import type { FlowDef, LogicContext } from '../../core/types';
import { deriveRoles, rolesAllow } from './machine';

/** A flow step competing for a route. */
export interface StepCandidate {
  flowId: string;
  stepId: string;
}

/**
 * Which of the steps sharing a route to show. Steps with a `when` (logic over the route's context
 * plus `roles`, derived by the candidate's own flow) are the route's special cases and are tried
 * first, then the steps without one, each group in candidate order: the first whose `when` holds
 * and whose step roles the user holds there; else the first whose `when` holds; else the first candidate.
 * @example chooseStep(bundle.flows, [{ flowId: 'a', stepId: 'home' }, { flowId: 'b', stepId: 'home' }], { record, user, params }, logic)
 */
export function chooseStep(flows: Record<string, FlowDef>, candidates: StepCandidate[], context: LogicContext, logic: LogicInstance): StepCandidate {
  const judged = candidates.map((candidate) => {
    const flow = flows[candidate.flowId];
    const roles = deriveRoles(flow, context, logic);
    const step = flow.steps[candidate.stepId];
    return { candidate, guarded: step.when !== undefined, when: step.when === undefined || logic.holds(step.when, { ...context, roles }), roles: rolesAllow(step.roles, roles) };
  });
  const ranked = [...judged.filter((j) => j.guarded), ...judged.filter((j) => !j.guarded)];
  return (ranked.find((j) => j.when && j.roles) ?? ranked.find((j) => j.when) ?? judged[0]).candidate;
}
