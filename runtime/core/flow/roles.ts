import type { FlowDef, LogicContext } from '../types';
import { holds } from '../logic/evaluate';

/** Role names whose `roles` logic holds for this context. */
export function deriveRoles(flow: FlowDef, context: LogicContext): string[] {
  return Object.entries(flow.roles ?? {})
    .filter(([, logic]) => holds(logic, context))
    .map(([name]) => name);
}

/** Roles of the context: `context.roles` when given, else derived from the flow. */
export function rolesOf(flow: FlowDef, context: LogicContext): string[] {
  return Array.isArray(context.roles) ? context.roles : deriveRoles(flow, context);
}

/** Whether any of `roles` is in `allowed` (an absent list allows everyone). */
export function rolesAllow(allowed: string[] | undefined, roles: string[]): boolean {
  return allowed === undefined || allowed.some((role) => roles.includes(role));
}
