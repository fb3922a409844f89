/** The loaded definition set and merged layers (see `schemas/meta/config.json`, `layer.json`). */
import type { DefinitionError, FlowDef, FormatDef, LayerDef, RecordApiDef, SourceLocation } from './types';
import type { MappingDef } from './load/mappings';
import type { MigrationDef, PublishedSnapshot } from './versions/types';

/** A JSON Schema (draft-07) object as read from `schemas/`. */
export type JsonSchema = Record<string, unknown>;

/** One layer named in `fleetform.yaml`: its name, file pattern and optional pointer inside it. */
export interface LayerRef {
  /** Layer name used in provenance, e.g. `base`. */
  name: string;
  /** File path; `{placeholder}` parts are filled from the selection, e.g. `markets/{market}.yaml`. */
  file: string;
  /** JSON pointer inside the file where this layer's body sits, with placeholders, e.g. `/layers/{market}`. */
  at?: string;
}

/** The definitions configuration (`fleetform.yaml`). */
export interface ConfigDef {
  /** Layers in overlay order, lowest first. */
  layers: LayerRef[];
  /** Selection used when a placeholder is not given, e.g. `{ market: 'x' }`. */
  defaults?: Record<string, string>;
  /** Extension manifest file (widgets, effects, logic ops), e.g. `extensions/manifest.yaml`. */
  manifest?: string;
  /** Folder of GraphQL SDL files that name the operations bindings may call. */
  graphql?: string;
  /** Top-level context roots logic may read besides the form schema (e.g. `user`, `record`). */
  contextRoots?: string[];
  /**
   * JSON Schema every layer's `settings` must match (each layer on its own: no `required`), e.g.
   * `schemas/settings.json`. Lint reads two annotations in it: `x-unique` (no two layer files may
   * give one value) and `x-serves: <placeholder>` (the values of that placeholder this layer file
   * serves: each must be a known value, and selections pairing the file with another are not checked).
   */
  settingsSchema?: string;
  /** Record root -> schema id describing it, so `var: record.<root>.*` paths are checked, e.g. `{ scoreboard: scoreboard }`. */
  recordSchemas?: Record<string, string>;
  /** How the runtime saves the record (`save:` effects) and asks for status transitions (`request:` effects): two bindings. */
  record?: RecordApiDef;
  /** Published definitions: the snapshot lint compares against and the migrations that map what changed (`versions/`). */
  versions?: VersionsConfig;
}

/** Where a definition set keeps its published snapshot and its definition migrations. */
export interface VersionsConfig {
  /** The snapshot file `defs:publish` writes, e.g. `definitions.lock.json` (left out of the content hash). */
  snapshot: string;
  /** Folder of the migration files (`*.yaml`), applied in file-name order, e.g. `migrations/`. */
  migrations: string;
  /** Flow file path prefixes left out of the snapshot (flows no stored record follows), e.g. `flows/_examples/`. */
  exclude?: string[];
}

/** Names the code registers from outside the runtime; definitions may only reference these. */
export interface ExtensionManifest {
  widgets?: string[];
  effects?: string[];
  logicOps?: string[];
  /** Function name -> signature, e.g. `(total: number, pageSize: number) => number` (lint checks calls). */
  functions?: Record<string, string>;
  formats?: string[];
  /** Message keys code shows (the runtime's renderers, extensions); lint checks they resolve. */
  messages?: string[];
  /** Message key (of `messages`) -> the placeholder names the code fills in it; any other is a lint finding. */
  placeholders?: Record<string, string[]>;
  /** Named validators the code registers; a setting annotated `x-registered: validators` must name one. */
  validators?: string[];
}

/** file -> JSON pointer -> [line, column] (1-based) of the value, or of its key for collections. */
/**
 * A position in a definition file: line and column, and the file when it is not the map's own (a flow's values that
 * came from a fragment are placed in the fragment's file, where the mistake is written), with the line of the flow's
 * `use` that brought them in.
 */
export type SourcePosition = [line: number, column: number, file?: string, useLine?: number];
export type SourceMaps = Record<string, Record<string, SourcePosition>>;

/** Every definition file parsed and checked: serialisable (JSON) so a browser build can import it. */
export interface DefinitionSet {
  config: ConfigDef;
  /** Flow id -> flow. */
  flows: Record<string, FlowDef>;
  /** Flow id -> the file it came from. */
  flowFiles: Record<string, string>;
  /** Schema id (path under `schemas/` without `.json`) -> JSON Schema. */
  schemas: Record<string, JsonSchema>;
  /** Schema id -> uiSchema (`<id>.ui.json`). */
  uiSchemas: Record<string, Record<string, unknown>>;
  /** Layer file path -> parsed file. */
  layerFiles: Record<string, LayerDef>;
  /** Extension manifest, when the config names one and it exists. */
  manifest?: ExtensionManifest;
  /** The settings schema (config `settingsSchema`), when the config names one and it exists. */
  settingsSchema?: JsonSchema;
  /** Source positions for every value, for errors and provenance. */
  sources: SourceMaps;
  /** Mappings (fragments/*.yaml, `mapping:`) by name: expanded where flows use them, kept for lint. */
  mappings?: Record<string, { file: string; pointer: string; mapping: MappingDef }>;
  /** The published snapshot (config `versions.snapshot`), when the config names one and it exists. */
  published?: PublishedSnapshot;
  /** Definition migrations by file (config `versions.migrations`), in file-name order. */
  migrations?: Record<string, MigrationDef>;
}

/** Where a merged value came from. */
export interface Provenance extends SourceLocation {
  /** Layer name from the config; absent for values from a schema file itself. */
  layer?: string;
}

/** Layers merged for one selection (e.g. `{ market: 'a', tenant: 'b' }`). */
export interface ResolvedLayers {
  selection: Record<string, string>;
  /** Layers actually applied, in order. */
  applied: { name: string; file: string; at?: string }[];
  settings: Record<string, unknown>;
  /** Message key -> text. */
  messages: Record<string, string>;
  formats: Record<string, FormatDef>;
  /** Schema id -> schema with every layer's patch merged over it. */
  schemas: Record<string, JsonSchema>;
  /** Which layer and file set the value at this pointer of the merged body (`/messages/x`, `/schemas/id/...`). */
  provenance(pointer: string): Provenance | undefined;
  errors: DefinitionError[];
}

/**
 * The texts and settings of one selection, apart from the rest of a bundle: a host may serve them at
 * run time (e.g. a layer added after the build), while flows, schemas and validators are built.
 */
export interface SelectionTexts {
  selection: Record<string, string>;
  /** Message key -> text, every layer of the selection merged. */
  messages: Record<string, string>;
  /** Settings, every layer of the selection merged. */
  settings: Record<string, unknown>;
}
