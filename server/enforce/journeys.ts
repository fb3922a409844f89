/** Which flows (status machines) govern an application, by its type. */
import type { DefinitionSet, FlowDef } from '../../runtime/core/types';

/** Flows that apply to every application beside its main journey. */
export const SHARED_FLOWS = ['secondary', 'quoteSigning', 'creditCheck', 'primaryIdentity', 'secondaryIdentity', 'applicationReview'] as const;

/** The main journey flow of an application type (spec 000 s1: calculator applications have their own). */
export function mainFlowId(applicationType: string): string {
  return applicationType === 'calculator' ? 'calculatorApplication' : 'primary';
}

/** Every flow governing an application of this type, main journey first; missing flows are an error. */
export function flowsFor(defs: DefinitionSet, applicationType: string): FlowDef[] {
  const ids = [mainFlowId(applicationType), ...SHARED_FLOWS];
  return ids.map((id) => {
    const flow = defs.flows[id];
    if (!flow) throw new Error(`flow '${id}' is not defined: add flows/${id}.yaml (needed by server/enforce)`);
    return flow;
  });
}
