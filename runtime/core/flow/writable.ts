import type { FlowDef } from '../types';
import { stepActiveIn } from './statusTransition';

/** Role key in `writable` that applies to every role. */
export const ANY_ROLE = '*';

/** Dotted record paths `roles` may write while the flow is in `status` (union over active steps). */
export function writablePaths(flow: FlowDef, status: string | undefined, roles: string[]): string[] {
  const out = new Set<string>();
  for (const step of Object.values(flow.steps)) {
    if (!step.writable || !stepActiveIn(flow, step, status)) continue;
    for (const role of [...roles, ANY_ROLE]) for (const path of step.writable[role] ?? []) out.add(path);
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
