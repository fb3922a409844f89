import type { DefinitionSet } from '../types';
import { recordFields, recordRoots } from './recordFields';
import type { PublishedFlow, PublishedRecord, PublishedSnapshot } from './types';

/** What the snapshot file says of itself (kept in the file so a reader knows not to edit it). */
export const SNAPSHOT_DESCRIPTION = 'Published definitions: written by `npm run defs:publish`, never by hand. Lint fails on a step, status or record field removed or renamed relative to it until a migration maps it.';

/** Whether a flow's file is left out of the snapshot (config `versions.exclude`). */
export function isUnpublished(defs: DefinitionSet, file: string | undefined): boolean {
  return (defs.config.versions?.exclude ?? []).some((prefix) => file?.startsWith(prefix));
}

/**
 * The snapshot of a definition set as it is now, to publish at `version` (its content hash): per flow its
 * steps and status values, per record root every field path its schema declares. Keys are sorted so the
 * file diffs line by line.
 * @example writeFileSync('definitions.lock.json', JSON.stringify(publishSnapshot(defs, version), null, 2))
 */
export function publishSnapshot(defs: DefinitionSet, version: string): PublishedSnapshot {
  const flows: Record<string, PublishedFlow> = {};
  for (const id of Object.keys(defs.flows).sort()) {
    const flow = defs.flows[id];
    const file = defs.flowFiles[id];
    if (isUnpublished(defs, file)) continue;
    flows[id] = { file, steps: Object.keys(flow.steps ?? {}).sort(), ...(flow.status ? { status: { field: flow.status.field, values: [...flow.status.order] } } : {}) };
  }
  const records: Record<string, PublishedRecord> = {};
  for (const { root, schema } of recordRoots(defs).sort((a, b) => a.root.localeCompare(b.root))) {
    const fields = recordFields(defs.schemas[schema], root);
    records[root] = { schema, fields: Object.fromEntries(Object.keys(fields).sort().map((path) => [path, fields[path].type])) };
  }
  return { description: SNAPSHOT_DESCRIPTION, version, flows, records };
}
