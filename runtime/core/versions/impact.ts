import { getPath } from '../source/pointer';
import type { VersionChange } from './changes';
import { expandPath } from './migrate';

/**
 * Whether a stored record holds what a change removed: its status value (for a flow in `flows`, the flows
 * governing the record; any flow when not given), a value at the old status field, or a value at a removed
 * field. Steps and flows are not stored in records: never.
 * @example affects({ kind: 'status', flow: 'f', field: 'x.state', status: 'old', ... }, { x: { state: 'old' } }) // true
 */
export function affects(change: VersionChange, record: Record<string, unknown>, flows?: string[]): boolean {
  switch (change.kind) {
    case 'status':
      return (!flows || flows.includes(change.flow)) && getPath(record, change.field) === change.status;
    case 'statusField':
      return (!flows || flows.includes(change.flow)) && getPath(record, change.from) !== undefined;
    case 'field':
      return expandPath(record, change.path).some((path) => getPath(record, path) !== undefined);
    default:
      return false;
  }
}

/** A one-line name of a change, e.g. `status primary: approvals`, `field scoreboard.a.b`. */
export function changeLabel(change: VersionChange): string {
  switch (change.kind) {
    case 'flow':
      return `flow ${change.flow}`;
    case 'step':
      return `step ${change.flow}: ${change.step}`;
    case 'status':
      return `status ${change.flow}: ${change.status} (${change.field})`;
    case 'statusField':
      return `status field ${change.flow}: ${change.from} -> ${change.to ?? '(none)'}`;
    case 'field':
      return `field ${change.path}`;
  }
}
