/** Published definitions: the snapshot lint compares against, what changed since, migrations of stored records. */
export type * from './types';
export { publishSnapshot, isUnpublished, SNAPSHOT_DESCRIPTION } from './snapshot';
export { recordFields, recordRoots, ANY_SEGMENT, type RecordField } from './recordFields';
export { unpublishedChanges, orderedMigrations, fieldMapped, currentFields, type VersionChange } from './changes';
export { migrateRecord, expandPath } from './migrate';
export { affects, changeLabel } from './impact';
