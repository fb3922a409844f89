import { getPath } from '../source/pointer';
import type { FlowDef, ProgressState } from '../types';

/** One row of a progress tracker with its computed state. */
export interface ProgressRow {
  id: string;
  /** Message key of the row label. */
  label: string;
  /** The status the row stands for (absent: a row that is always completed). */
  status?: string;
  state: ProgressState;
  /** An info button beside the label: its accessible name (message key) and the event it raises. */
  info?: { label: string; event: string };
}

/**
 * Each status of the flow's `status.order` as a progress state, for a stored status value: earlier
 * statuses `completed`, the current one `progress`, later ones `pending`. A missing or empty value, or
 * one outside the order, makes every status `pending` (whatever `status.initial` says: nothing is
 * under way until a status is stored). A flow without `status` answers `{}`.
 * @example statusProgress(flow, 'approvals') // { orderVerification: 'completed', businessDetails: 'completed', approvals: 'progress', ... }
 */
export function statusProgress(flow: FlowDef, statusValue: unknown): Record<string, ProgressState> {
  const order = flow.status?.order ?? [];
  const current = typeof statusValue === 'string' && statusValue !== '' ? order.indexOf(statusValue) : -1;
  return Object.fromEntries(order.map((status, index) => [status, current < 0 || index > current ? 'pending' : index === current ? 'progress' : 'completed']));
}

/** {@link statusProgress} of the status the flow drives, read from `record` at `status.field`. */
export function recordProgress(flow: FlowDef, record: unknown): Record<string, ProgressState> {
  return flow.status ? statusProgress(flow, getPath(record, flow.status.field)) : {};
}

/**
 * Rows of a tracker from the status order: earlier statuses completed, the current one in
 * progress, later ones pending. An unknown or missing status shows all pending; a row without
 * `status` is always completed. `only` keeps those row ids, in that order.
 */
export function progressRows(flow: FlowDef, trackerId: string, statusValue: unknown, only?: string[]): ProgressRow[] {
  const all = flow.progress?.[trackerId]?.rows ?? [];
  const rows = only ? only.flatMap((id) => all.filter((row) => row.id === id)) : all;
  const states = statusProgress(flow, statusValue);
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    ...(row.status === undefined ? {} : { status: row.status }),
    state: row.status === undefined ? 'completed' : (states[row.status] ?? 'pending'),
    ...(row.info ? { info: row.info } : {}),
  }));
}
