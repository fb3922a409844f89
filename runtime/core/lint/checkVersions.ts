import type { DefinitionError, DefinitionSet } from '../types';
import { CONFIG_FILE } from '../load/classifyFiles';
import { didYouMean, errorAt, escapeSegment } from '../source';
import { ANY_SEGMENT, currentFields, orderedMigrations, unpublishedChanges, type VersionChange } from '../versions';

const GUIDE = "docs/analysts-guide.md 'Changing published definitions'";

/** Where a new migration goes, e.g. `migrations/<yyyy-mm-dd>-<what>.yaml`. */
const newMigration = (defs: DefinitionSet) => `${(defs.config.versions?.migrations ?? 'migrations/').replace(/\/?$/, '/')}<yyyy-mm-dd>-<what>.yaml`;

/** The finding for one change no migration maps. */
function describe(defs: DefinitionSet, c: VersionChange): { message: string; hint: string } {
  const where = `the published definitions have it (${defs.config.versions?.snapshot}, version ${defs.published?.version})`;
  const file = newMigration(defs);
  const to = (fallback: string) => c.candidate ?? fallback;
  switch (c.kind) {
    case 'flow':
      return { message: `flow '${c.flow}' is gone, but ${where}`, hint: `restore ${defs.published?.flows[c.flow]?.file ?? 'it'}, or write ${file} with flows: { ${c.flow}: null } to remove it on purpose (${GUIDE})` };
    case 'step':
      return { message: `step '${c.step}' of flow '${c.flow}' is gone, but ${where}`, hint: `renamed or removed? write ${file} with flows: { ${c.flow}: { steps: { ${c.step}: ${to('<new step, or null>')} } } } (${GUIDE})` };
    case 'status':
      return {
        message: `status '${c.status}' of flow '${c.flow}' is gone, but ${where}: stored records at ${c.field} = ${c.status} would be stranded`,
        hint: `write ${file} with flows: { ${c.flow}: { statuses: { ${c.status}: ${to('<the status they move to>')} } } } (the server moves them when next read; npm run defs:impact counts them) (${GUIDE})`,
      };
    case 'statusField':
      return { message: `flow '${c.flow}' no longer drives its published status field '${c.from}'${c.to ? ` (now '${c.to}')` : ''}`, hint: `write ${file} with fields: { ${c.from}: ${c.to ?? '<new field>'} } to move stored values (${GUIDE})` };
    case 'field':
      return { message: `record field '${c.path}' is gone, but ${where}`, hint: `renamed or removed? write ${file} with fields: { ${c.path}: ${to('<new path, or null to drop the value>')} } (${GUIDE})` };
  }
}

/**
 * Published definitions (config `versions`): every step, status value, status field, flow and record field
 * of the snapshot that the definitions no longer have and no migration maps; migrations naming what does
 * not exist (a target) or still exists (a source: it would move live values); a snapshot the config names but is missing.
 */
export function checkVersions(defs: DefinitionSet): DefinitionError[] {
  const versions = defs.config.versions;
  if (!versions) return [];
  const out: DefinitionError[] = [];
  if (!defs.published) {
    out.push(errorAt(defs.sources, CONFIG_FILE, '/versions/snapshot', `no published snapshot '${versions.snapshot}'`, 'run npm run defs:publish and commit the file it writes'));
    return out;
  }
  for (const change of unpublishedChanges(defs)) {
    if (change.covered) continue;
    const { message, hint } = describe(defs, change);
    out.push(errorAt(defs.sources, change.file, change.pointer, message, hint));
  }
  return [...out, ...checkMigrations(defs)];
}

/**
 * Each migration entry against the definitions as they are now. A target may also be a name a later
 * migration maps on (a chain: `a: b` first, `b: c` later).
 */
function checkMigrations(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  const fields = currentFields(defs);
  const allFields = Object.values(fields).flatMap((f) => Object.keys(f));
  const roots = Object.keys(defs.config.recordSchemas ?? {});
  const migrations = orderedMigrations(defs);
  const mappedLater = (index: number, pick: (m: (typeof migrations)[number][1]) => Record<string, unknown> | null | undefined, name: string) =>
    migrations.slice(index + 1).some(([, m]) => Object.prototype.hasOwnProperty.call(pick(m) ?? {}, name));
  for (const [index, [file, migration]] of migrations.entries()) {
    const at = (pointer: string, message: string, hint: string) => out.push(errorAt(defs.sources, file, pointer, message, hint));
    for (const [id, flowMigration] of Object.entries(migration.flows ?? {})) {
      const flow = defs.flows[id];
      const base = `/flows/${escapeSegment(id)}`;
      if (flowMigration === null) {
        if (flow) at(base, `flow '${id}' still exists`, `null says the flow is removed: delete ${defs.flowFiles[id]}, or this entry`);
        continue;
      }
      if (!flow) {
        at(base, `no flow '${id}'`, didYouMean(id, Object.keys(defs.flows)));
        continue;
      }
      const maps = [['statuses', 'status', flow.status?.order ?? []], ['steps', 'step', Object.keys(flow.steps ?? {})]] as const;
      for (const [key, noun, names] of maps) {
        for (const [from, to] of Object.entries(flowMigration[key] ?? {})) {
          const pointer = `${base}/${key}/${escapeSegment(from)}`;
          if (names.includes(from)) at(pointer, `${noun} '${from}' still exists in flow '${id}'`, `a migration maps only a ${noun} that is gone (it would move what is live): remove this entry`);
          if (to !== null && !names.includes(to) && !mappedLater(index, (m) => m.flows?.[id]?.[key], to)) at(pointer, `flow '${id}' has no ${noun} '${to}'`, didYouMean(to, names));
        }
      }
    }
    for (const [from, to] of Object.entries(migration.fields ?? {})) {
      const pointer = `/fields/${escapeSegment(from)}`;
      const root = from.split('.')[0];
      if (!roots.includes(root)) {
        at(pointer, `'${from}' is not a record field path`, `a path starts with a record root: ${didYouMean(root, roots)}`);
        continue;
      }
      if (fields[root]?.[from]) at(pointer, `record field '${from}' still exists`, 'a migration maps only a field that is gone (it would move live values): remove this entry');
      if (to === null) continue;
      if (!allFields.includes(to) && !mappedLater(index, (m) => m.fields, to)) at(pointer, `no record field '${to}'`, didYouMean(to, allFields.filter((p) => p.split('.').length === to.split('.').length)));
      const prefix = (p: string) => p.split('.').slice(0, p.split('.').lastIndexOf(ANY_SEGMENT) + 1).join('.');
      if (prefix(from) !== prefix(to)) at(pointer, `'${from}' and '${to}' differ up to their last '${ANY_SEGMENT}'`, `a value moves within the same list item or map entry: both paths share the part up to the last '${ANY_SEGMENT}'`);
    }
  }
  return out;
}
