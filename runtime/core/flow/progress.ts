import type { FlowDef, ProgressState } from '../types';

/** One row of a progress tracker with its computed state. */
export interface ProgressRow {
  id: string;
  /** Message key of the row label. */
  label: string;
  status: string;
  state: ProgressState;
}

/**
 * Rows of a tracker from the status order: earlier statuses completed, the current one in
 * progress, later ones pending. An unknown status (or a missing one without `initial`) shows all pending.
 */
export function progressRows(flow: FlowDef, trackerId: string, statusValue: unknown): ProgressRow[] {
  const rows = flow.progress?.[trackerId]?.rows ?? [];
  const order = flow.status?.order ?? [];
  const value = typeof statusValue === 'string' && statusValue !== '' ? statusValue : flow.status?.initial;
  const current = value === undefined ? -1 : order.indexOf(value);
  return rows.map((row) => {
    const index = order.indexOf(row.status);
    const state: ProgressState = current < 0 || index < 0 || index > current ? 'pending' : index === current ? 'progress' : 'completed';
    return { id: row.id, label: row.label, status: row.status, state };
  });
}
