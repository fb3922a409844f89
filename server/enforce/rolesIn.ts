/** The caller's roles in an application: the union over every flow that governs it. */
import type { LogicInstance } from '../../runtime/core/logic';
import type { DefinitionSet, Logic } from '../../runtime/core/types';
import { flowsFor } from './journeys';
import { logicContext, type AppSnapshot, type Caller } from './snapshot';

/** Per definition set and application type: each distinct role expression once, with the roles it grants. */
type RoleTable = { logic: Logic; roles: string[] }[];
const tables = new WeakMap<DefinitionSet, Map<string, RoleTable>>();

/** The flows' role expressions grouped by their JSON text (flows repeat the same ones). */
function roleTable(defs: DefinitionSet, applicationType: string): RoleTable {
  let byType = tables.get(defs);
  if (!byType) tables.set(defs, (byType = new Map()));
  let table = byType.get(applicationType);
  if (!table) {
    const byText = new Map<string, { logic: Logic; roles: string[] }>();
    for (const flow of flowsFor(defs, applicationType)) {
      for (const [role, logic] of Object.entries(flow.roles ?? {})) {
        const key = JSON.stringify(logic);
        const entry = byText.get(key) ?? { logic, roles: [] };
        if (!entry.roles.includes(role)) entry.roles.push(role);
        byText.set(key, entry);
      }
    }
    table = [...byText.values()];
    byType.set(applicationType, table);
  }
  return table;
}

/** Role names (e.g. primary, secondary) the flows derive for this caller on this application, evaluated with the definition set's `logic`. */
export function rolesIn(defs: DefinitionSet, logic: LogicInstance, app: AppSnapshot, caller: Caller): string[] {
  const context = logicContext(app, caller);
  const roles = new Set<string>();
  for (const { logic: rule, roles: granted } of roleTable(defs, app.type)) if (logic.holds(rule, context)) granted.forEach((r) => roles.add(r));
  return [...roles];
}

