import type { DefinitionSet } from '../types';
import { closest } from '../source/didYouMean';
import { escapeSegment } from '../source/pointer';
import { recordFields, recordRoots, type RecordField } from './recordFields';
import { isUnpublished } from './snapshot';
import type { MigrationDef } from './types';

/** A step, status, status field, flow or record field the published snapshot has and the definitions no longer do. */
export type VersionChange = {
  /** Whether a migration maps it (lint is clean about it; the server applies the migration on read). */
  covered: boolean;
  /** Where lint reports it: a file and a JSON pointer in it. */
  file: string;
  pointer: string;
  /** A name the definitions gained that may be what it was renamed to. */
  candidate?: string;
} & (
  | { kind: 'flow'; flow: string }
  | { kind: 'step'; flow: string; step: string }
  | { kind: 'status'; flow: string; field: string; status: string }
  | { kind: 'statusField'; flow: string; from: string; to: string | undefined }
  | { kind: 'field'; root: string; path: string }
);

/** The migrations in the order they apply (file name), with their files. */
export function orderedMigrations(defs: DefinitionSet): [string, MigrationDef][] {
  return Object.entries(defs.migrations ?? {}).sort(([a], [b]) => a.localeCompare(b));
}

const has = (map: Record<string, unknown> | undefined | null, key: string): boolean => !!map && Object.prototype.hasOwnProperty.call(map, key);

/** Whether a migration maps the record field `path` (or a field it sits under). */
export function fieldMapped(migrations: [string, MigrationDef][], path: string): boolean {
  return migrations.some(([, m]) => Object.keys(m.fields ?? {}).some((from) => path === from || path.startsWith(`${from}.`)));
}

/** The record fields the definitions declare now, per root. */
export function currentFields(defs: DefinitionSet): Record<string, Record<string, RecordField>> {
  return Object.fromEntries(recordRoots(defs).map(({ root, schema }) => [root, recordFields(defs.schemas[schema], root)]));
}

/** A renamed-to candidate: the closest added name, or the only one. */
function candidateOf(removed: string, added: string[]): string | undefined {
  return closest(removed, added) ?? (added.length === 1 ? added[0] : undefined);
}

/**
 * What the definitions removed or renamed relative to the published snapshot, each saying whether a
 * migration maps it. Additions are never changes: a snapshot needs publishing again only to guard them.
 * Empty when the definition set has no snapshot.
 */
export function unpublishedChanges(defs: DefinitionSet): VersionChange[] {
  const published = defs.published;
  const snapshotFile = defs.config.versions?.snapshot;
  if (!published || !snapshotFile) return [];
  const migrations = orderedMigrations(defs);
  const flowMigration = (flow: string) => migrations.map(([, m]) => m.flows?.[flow]);
  const out: VersionChange[] = [];
  for (const [id, was] of Object.entries(published.flows)) {
    const flow = defs.flows[id];
    const file = defs.flowFiles[id];
    if (!flow || isUnpublished(defs, file)) {
      if (!flow) out.push({ kind: 'flow', flow: id, covered: flowMigration(id).some((m) => m === null), file: snapshotFile, pointer: `/flows/${escapeSegment(id)}` });
      continue;
    }
    const steps = Object.keys(flow.steps ?? {});
    const addedSteps = steps.filter((s) => !was.steps.includes(s));
    for (const step of was.steps) {
      if (steps.includes(step)) continue;
      out.push({ kind: 'step', flow: id, step, covered: flowMigration(id).some((m) => has(m?.steps, step)), file, pointer: '/steps', candidate: candidateOf(step, addedSteps) });
    }
    if (!was.status) continue;
    const order = flow.status?.order ?? [];
    const addedStatuses = order.filter((s) => !was.status?.values.includes(s));
    for (const status of was.status.values) {
      if (order.includes(status)) continue;
      out.push({ kind: 'status', flow: id, field: was.status.field, status, covered: flowMigration(id).some((m) => has(m?.statuses, status)), file, pointer: flow.status ? '/status/order' : '/id', candidate: candidateOf(status, addedStatuses) });
    }
    if (flow.status?.field !== was.status.field) {
      out.push({ kind: 'statusField', flow: id, from: was.status.field, to: flow.status?.field, covered: fieldMapped(migrations, was.status.field), file, pointer: flow.status ? '/status/field' : '/id' });
    }
  }
  const current = currentFields(defs);
  for (const [root, was] of Object.entries(published.records)) {
    const now = current[root];
    const file = `schemas/${defs.config.recordSchemas?.[root] ?? was.schema}.json`;
    const removed = new Set(Object.keys(was.fields).filter((path) => !now?.[path]));
    for (const path of removed) {
      const parent = path.slice(0, path.lastIndexOf('.'));
      if (removed.has(parent)) continue; // reported once, at the topmost removed field
      const siblings = Object.keys(now ?? {}).filter((p) => p.slice(0, p.lastIndexOf('.')) === parent && !(p in was.fields)).map((p) => p.slice(parent.length + 1));
      const renamed = candidateOf(path.slice(parent.length + 1), siblings);
      out.push({ kind: 'field', root, path, covered: fieldMapped(migrations, path), file, pointer: now?.[parent] ? `${now[parent].pointer}/properties` : '/properties', candidate: renamed && `${parent}.${renamed}` });
    }
  }
  return out;
}
