import type { FlowDef, Logic, WritableDef } from '../types';
import { stepActiveIn } from './stepStatus';

/** Role key in `writable` that applies to every role. */
export const ANY_ROLE = '*';

/** The path of a writable entry (a dotted path, or `{ path, via }`). */
export const writablePath = (entry: WritableDef): string => (typeof entry === 'string' ? entry : entry.path);

/** Whether an entry's `lockedWhen` holds now (`holds` evaluates logic over the application; absent: never locked). */
export type LockTest = (logic: Logic) => boolean;

/** The entries of `roles` in the steps active in `status`. */
function activeEntries(flow: FlowDef, status: string | undefined, roles: string[]): WritableDef[] {
  const out: WritableDef[] = [];
  for (const step of Object.values(flow.steps)) {
    if (!step.writable || !stepActiveIn(flow, step, status)) continue;
    for (const role of [...roles, ANY_ROLE]) out.push(...(step.writable[role] ?? []));
  }
  return out;
}

/** Whether an object entry is open to `operation` (an entry without `via` is open to every operation). */
const viaAllows = (entry: Exclude<WritableDef, string>, operation: string | undefined): boolean => !entry.via || (operation !== undefined && entry.via.includes(operation));

/**
 * Dotted record paths `roles` may write while the flow is in `status` (union over active steps). An
 * entry with `via` counts only for a write made by one of its operations (`operation`); an entry with
 * `lockedWhen` counts only while `locked` says its logic does not hold.
 */
export function writablePaths(flow: FlowDef, status: string | undefined, roles: string[], operation?: string, locked?: LockTest): string[] {
  const out = new Set<string>();
  for (const entry of activeEntries(flow, status, roles)) {
    if (typeof entry === 'string') out.add(entry);
    else if (viaAllows(entry, operation) && !(entry.lockedWhen !== undefined && locked?.(entry.lockedWhen))) out.add(entry.path);
  }
  return [...out];
}

/**
 * The entries (open to `operation`) that are locked now, each with its refusal's message key (if it gives one):
 * not writable, though a write that changes nothing there is accepted.
 */
export function lockedPaths(flow: FlowDef, status: string | undefined, roles: string[], operation: string | undefined, locked: LockTest): { path: string; message?: string }[] {
  const out: { path: string; message?: string }[] = [];
  for (const entry of activeEntries(flow, status, roles)) {
    if (typeof entry !== 'string' && entry.lockedWhen !== undefined && viaAllows(entry, operation) && locked(entry.lockedWhen)) out.push({ path: entry.path, ...(entry.message ? { message: entry.message } : {}) });
  }
  return out;
}

/** The form schemas whose property (the path's last name) a value written at `path` must also pass (entries with `schema`). */
export function writableSchemas(flow: FlowDef, status: string | undefined, roles: string[], path: string): string[] {
  const out = new Set<string>();
  for (const entry of activeEntries(flow, status, roles)) if (typeof entry !== 'string' && entry.schema && entry.path === path) out.add(entry.schema);
  return [...out];
}

/** Operations that alone may write `path` for `roles` in `status` (entries with `via`), for refusals that name them. */
export function writableVia(flow: FlowDef, status: string | undefined, roles: string[], path: string): string[] {
  const out = new Set<string>();
  for (const entry of activeEntries(flow, status, roles)) if (typeof entry !== 'string' && entry.via && isWritable([entry.path], path)) entry.via.forEach((op) => out.add(op));
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
