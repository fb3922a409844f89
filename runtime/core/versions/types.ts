/**
 * The published snapshot (what stored records may hold) and definition migrations (how a record written
 * under older definitions is brought to the current ones). Meta-schemas: `schemas/meta/snapshot.json`,
 * `schemas/meta/migration.json`.
 */

/** One flow as published: its step ids and the status values it drives. */
export interface PublishedFlow {
  /** The flow's file when published (where to look when it is gone). */
  file: string;
  /** Step ids. */
  steps: string[];
  /** The flow's status field and its values (the status order), when the flow drives one. */
  status?: { field: string; values: string[] };
}

/** One record root as published: the schema describing it and every field path it declares. */
export interface PublishedRecord {
  /** Schema id (config `recordSchemas`). */
  schema: string;
  /** Dotted field path (with the root; `*` = any list item or map key) -> its JSON type(s), e.g. `string`, `object`. */
  fields: Record<string, string>;
}

/** The snapshot file (`defs:publish` writes it; lint compares the working definitions against it). */
export interface PublishedSnapshot {
  description?: string;
  /** Content hash of the definitions when published (the `definition_version` records then got). */
  version: string;
  /** Flow id -> flow. */
  flows: Record<string, PublishedFlow>;
  /** Record root -> its fields. */
  records: Record<string, PublishedRecord>;
}

/** What a migration says of one flow: old status value / step id -> new one, or null (cleared / removed). */
export interface FlowMigration {
  /** Old status value -> the value records holding it get (null: the field is cleared, the flow's `initial` applies). */
  statuses?: Record<string, string | null>;
  /** Old step id -> the step that replaces it (null: removed). Steps are not stored in records: this says the change is meant. */
  steps?: Record<string, string | null>;
}

/** One migration file: renames and removals relative to the definitions published before it. */
export interface MigrationDef {
  /** Why (for analysts and the audit). */
  description?: string;
  /** Flow id -> its renames; `null`: the whole flow is removed on purpose. */
  flows?: Record<string, FlowMigration | null>;
  /** Old record field path -> new path (the value moves), or null (the value is dropped). */
  fields?: Record<string, string | null>;
}

/** A change one record went through when migrated: a path and its value before and after (undefined: absent). */
export interface RecordChange {
  path: string;
  from: unknown;
  to: unknown;
  /** The migration file that made it. */
  migration: string;
}
