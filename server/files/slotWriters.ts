/**
 * Who may fill an upload slot: a caller whose roles write the slot's record path in some step of the
 * application's flows (the flows' `writable` lists, whatever the status now and through any operation,
 * e.g. `uploadWetSignature`). So an officer's slot (`scoreboard.primaryApplicant.idScanData.fileUrls`) takes
 * uploads from that officer only: another member of the application cannot hold its places (uploadLimits.ts
 * counts a slot's recent upload URLs) or put a file there. A write of the reference is decided as every
 * write is, in the current step (server/enforce); this check is what an upload URL for the slot needs.
 */
import { ANY_ROLE, deriveRoles, isWritable, writablePath } from '../../runtime/core/flow';
import type { LogicInstance } from '../../runtime/core/logic';
import type { DefinitionSet } from '../../runtime/core/types';
import { flowsFor, logicContext, type AppSnapshot, type Caller } from '../enforce';

/** Whether `caller` writes the concrete record path `path` of `app` in some step of its flows. */
export function writesSlot(defs: DefinitionSet, logic: LogicInstance, app: AppSnapshot, caller: Caller, path: string): boolean {
  const context = logicContext(app, caller);
  return flowsFor(defs, app.type).some((flow) => {
    const roles = [...deriveRoles(flow, context, logic), ANY_ROLE];
    return Object.values(flow.steps).some((step) => roles.some((role) => (step.writable?.[role] ?? []).some((entry) => isWritable([writablePath(entry)], path))));
  });
}
