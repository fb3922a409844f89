/** The bundle format: what the build hands the browser runtime for one layer selection. */
import type { FlowDef, FormatDef, JsonSchema, RecordApiDef } from './types';

/**
 * Everything the browser runtime needs for one layer selection, resolved at build time:
 * serialisable (JSON), so the page compiles nothing. A contract between the build
 * (scripts/compileValidators.ts, runtime/node's createBundle), the server (binding documents for the
 * persisted-operations manifest) and the browser (runtime/react).
 */
export interface RuntimeBundle {
  /** The layer selection, e.g. `{ layerA: 'x', layerB: 'y' }`. */
  selection: Record<string, string>;
  flows: Record<string, FlowDef>;
  /** Schema id -> schema with every layer merged and `prepareSchema` applied. */
  schemas: Record<string, JsonSchema>;
  /** Schema id -> uiSchema. */
  uiSchemas: Record<string, Record<string, unknown>>;
  /** Message key -> text (all layers merged). */
  messages: Record<string, string>;
  formats: Record<string, FormatDef>;
  /** Merged settings of the active layers. */
  settings: Record<string, unknown>;
  /** Binding name -> GraphQL document text. */
  operations: Record<string, string>;
  /** How saves and status requests reach the server (the configuration's `record`). */
  record?: RecordApiDef;
  /** How the browser's GraphQL client caches answers (from the SDL). */
  graphqlCache: GraphQLCachePolicy;
  /** Schema id -> export name of its compiled validator in the validators module. */
  validators: Record<string, string>;
}

/**
 * The GraphQL client's cache policy, derived from the SDL at build time: queries marked `@noCache`
 * always go to the network and are never stored; every other query is served from the normalised
 * cache once fetched with the same variables.
 */
export interface GraphQLCachePolicy {
  /** Operations (of this bundle) whose field carries `@noCache`. */
  noCache: string[];
  /** Object type -> the fields that identify one (its non-null `ID` fields), or `false`: stored inside its parent, never merged by key. */
  keyFields: Record<string, string[] | false>;
}
