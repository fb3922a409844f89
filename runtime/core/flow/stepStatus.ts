import type { FlowDef, StepDef } from '../types';

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

/** Reserved transition target: the step active in the (new) status, e.g. a home screen's "continue". */
export const STATUS_TARGET = '@status';

/** The first step (in file order) that declares `status` among its statuses. */
export function stepForStatus(flow: FlowDef, status: string | undefined): string | undefined {
  if (status === undefined) return undefined;
  return Object.keys(flow.steps).find((id) => stepStatuses(flow.steps[id]).includes(status));
}
