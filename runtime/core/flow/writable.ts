import type { FlowDef, WritableDef } from '../types';
import { stepActiveIn } from './statusTransition';

/** Role key in `writable` that applies to every role. */
export const ANY_ROLE = '*';

/** The path of a writable entry (a dotted path, or `{ path, via }`). */
export const writablePath = (entry: WritableDef): string => (typeof entry === 'string' ? entry : entry.path);

/**
 * Dotted record paths `roles` may write while the flow is in `status` (union over active steps). An
 * entry with `via` counts only for a write made by one of its operations (`operation`).
 */
export function writablePaths(flow: FlowDef, status: string | undefined, roles: string[], operation?: string): string[] {
  const out = new Set<string>();
  for (const step of Object.values(flow.steps)) {
    if (!step.writable || !stepActiveIn(flow, step, status)) continue;
    for (const role of [...roles, ANY_ROLE]) {
      for (const entry of step.writable[role] ?? []) {
        if (typeof entry === 'string') out.add(entry);
        else if (operation !== undefined && entry.via.includes(operation)) out.add(entry.path);
      }
    }
  }
  return [...out];
}

/** Operations that alone may write `path` for `roles` in `status` (entries with `via`), for refusals that name them. */
export function writableVia(flow: FlowDef, status: string | undefined, roles: string[], path: string): string[] {
  const out = new Set<string>();
  for (const step of Object.values(flow.steps)) {
    if (!step.writable || !stepActiveIn(flow, step, status)) continue;
    for (const role of [...roles, ANY_ROLE]) {
      for (const entry of step.writable[role] ?? []) if (typeof entry !== 'string' && isWritable([entry.path], path)) entry.via.forEach((op) => out.add(op));
    }
  }
  return [...out];
}

/** Whether `path` is writable under `paths` (exact, or below a `prefix.*` entry; `*` allows all). */
export function isWritable(paths: string[], path: string): boolean {
  return paths.some((allowed) => {
    if (allowed === '*' || allowed === path) return true;
    if (!allowed.endsWith('.*')) return false;
    const prefix = allowed.slice(0, -2);
    return path === prefix || path.startsWith(prefix + '.');
  });
}
