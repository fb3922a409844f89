import type { DefinitionSet } from '../types';
import { getPath, isPrototypeName, setPath } from '../source/pointer';
import { orderedMigrations } from './changes';
import { ANY_SEGMENT } from './recordFields';
import type { RecordChange } from './types';

type Obj = Record<string, unknown>;
const isContainer = (v: unknown): v is Obj | unknown[] => v !== null && typeof v === 'object';

/** Each concrete path a field path with `*` segments names in `record` (every list item or map key there). */
export function expandPath(record: unknown, path: string): string[] {
  const segments = path.split('.');
  let paths = [''];
  for (const segment of segments) {
    if (segment !== ANY_SEGMENT) {
      paths = paths.map((p) => (p ? `${p}.${segment}` : segment));
      continue;
    }
    paths = paths.flatMap((p) => {
      const here = p ? getPath(record, p) : record;
      // A stored key that names a prototype (JSON keeps `__proto__` as an own key) is no field: never walked.
      return isContainer(here) ? Object.keys(here).filter((k) => !isPrototypeName(k)).map((k) => (p ? `${p}.${k}` : k)) : [];
    });
  }
  return paths;
}

/** Remove the member at a dotted path (a list item is removed, not left as a hole). */
function deletePath(record: Obj, path: string): void {
  const cut = path.lastIndexOf('.');
  const parent = cut < 0 ? record : getPath(record, path.slice(0, cut));
  const key = path.slice(cut + 1);
  if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else if (isContainer(parent)) delete (parent as Obj)[key];
}

/**
 * The same concrete position in `to` as `concrete` has in `from`: `*` segments of `to` take the keys
 * `concrete` has at the same places (lint makes both sides agree up to their last `*`).
 */
function targetOf(from: string, to: string, concrete: string): string {
  const fromSegments = from.split('.');
  const keys = concrete.split('.');
  const taken = fromSegments.map((s, i) => (s === ANY_SEGMENT ? keys[i] : undefined)).filter((k): k is string => k !== undefined);
  return to.split('.').map((s) => (s === ANY_SEGMENT ? (taken.shift() ?? s) : s)).join('.');
}

/**
 * A record written under older definitions, brought to the current ones by every migration in file
 * order: first each `fields` entry (the value moves to its new path unless that already holds one, or is
 * dropped), then each flow's `statuses` on the flow's current status field (only for `flows`, the flows
 * governing this record; all flows when not given). Migrations map only names the definitions no longer
 * have (lint), so running them again changes nothing. The input record is not modified.
 * @example migrateRecord(defs, { s: { state: 'old' } }, ['main']) // { record: { s: { state: 'new' } }, changes: [...] }
 */
export function migrateRecord(defs: DefinitionSet, record: Obj, flows?: string[]): { record: Obj; changes: RecordChange[] } {
  const migrations = orderedMigrations(defs);
  if (migrations.length === 0) return { record, changes: [] };
  let next = structuredClone(record);
  const changes: RecordChange[] = [];
  for (const [file, migration] of migrations) {
    for (const [from, to] of Object.entries(migration.fields ?? {})) {
      for (const concrete of expandPath(next, from)) {
        const value = getPath(next, concrete);
        if (value === undefined) continue;
        if (to !== null) {
          const target = targetOf(from, to, concrete);
          if (getPath(next, target) === undefined) {
            next = setPath(next, target, value);
            changes.push({ path: target, from: undefined, to: value, migration: file });
          }
        }
        deletePath(next, concrete);
        changes.push({ path: concrete, from: value, to: undefined, migration: file });
      }
    }
  }
  for (const [file, migration] of migrations) {
    for (const [id, flowMigration] of Object.entries(migration.flows ?? {})) {
      const field = defs.flows[id]?.status?.field;
      if (!flowMigration?.statuses || !field || (flows && !flows.includes(id))) continue;
      const value = getPath(next, field);
      if (typeof value !== 'string' || !Object.prototype.hasOwnProperty.call(flowMigration.statuses, value)) continue;
      const to = flowMigration.statuses[value];
      if (to === null) deletePath(next, field);
      else next = setPath(next, field, to);
      changes.push({ path: field, from: value, to: to ?? undefined, migration: file });
    }
  }
  return { record: next, changes };
}
