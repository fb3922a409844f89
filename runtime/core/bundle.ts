/** The bundle format: what the build hands the browser runtime for one layer selection. */
import type { FlowDef, FormatDef, JsonSchema } from './types';

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
  /** Schema id -> export name of its compiled validator in the validators module. */
  validators: Record<string, string>;
}
