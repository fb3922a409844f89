import type { FlowDef, StateDef } from '../types';

/** A state name with its definition and where it is stored. */
export interface ScopedState {
  def: StateDef;
  /** Storage scope: the flow id (flow state) or `flow/step` (step state). */
  scope: string;
}

/** The state definitions a step sees: the flow's, then its own (same name: the step's wins). */
export function stepStateDefs(flow: FlowDef, stepId: string): Record<string, ScopedState> {
  const out: Record<string, ScopedState> = {};
  for (const [name, def] of Object.entries(flow.state ?? {})) out[name] = { def, scope: flow.id };
  for (const [name, def] of Object.entries(flow.steps[stepId]?.state ?? {})) out[name] = { def, scope: `${flow.id}/${stepId}` };
  return out;
}

/** Query-state definitions only. */
export function queryDefs(defs: Record<string, ScopedState>): Record<string, StateDef> {
  return Object.fromEntries(Object.entries(defs).filter(([, s]) => s.def.source === 'query').map(([n, s]) => [n, s.def]));
}
