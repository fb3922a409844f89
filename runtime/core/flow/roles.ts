import type { FlowDef, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';

/** Role names whose `roles` logic holds for this context. */
export function deriveRoles(flow: FlowDef, context: LogicContext, logic: LogicInstance): string[] {
  return Object.entries(flow.roles ?? {})
    .filter(([, rule]) => logic.holds(rule, context))
    .map(([name]) => name);
}

/** Roles of the context: `context.roles` when given, else derived from the flow. */
export function rolesOf(flow: FlowDef, context: LogicContext, logic: LogicInstance): string[] {
  return Array.isArray(context.roles) ? context.roles : deriveRoles(flow, context, logic);
}

/** Whether any of `roles` is in `allowed` (an absent list allows everyone). */
export function rolesAllow(allowed: string[] | undefined, roles: string[]): boolean {
  return allowed === undefined || allowed.some((role) => roles.includes(role));
}
