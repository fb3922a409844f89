import type { ComponentType } from 'react';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FlowDef, FormatDef, JsonSchema, LogicContext } from '../core/types';
import type { CompiledValidator } from './form/formStore';

/**
 * Everything the browser runtime needs for one layer selection, resolved at build time:
 * serialisable (JSON), so the page compiles nothing.
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

/** The build-time compiled validators module: export name -> validation function. */
export type ValidatorModule = Record<string, CompiledValidator>;

/** Props of a block widget (a `type: widget` block). */
export interface BlockWidgetProps {
  /** The block's `props` from YAML. */
  props: Record<string, unknown>;
  /** The logic context of the step (record, user, settings ...). */
  context: LogicContext;
  /** Resolves a message key with `{var}` placeholders. */
  t: (key: string, vars?: Record<string, unknown>) => string;
  /** Raises a flow event. */
  raise: (event: string, payload?: Record<string, unknown>) => void;
  /** Writes page state (`state.x`), then raises `event` with `{ value }` if given. */
  write: (path: string, value: unknown, event?: string) => void;
  /** True while an event's effects run. */
  busy: boolean;
}

/** The one widget registry: field widgets (rjsf) and block widgets, by the names YAML uses. */
export interface WidgetRegistry {
  fields: RegistryWidgetsType;
  blocks: Record<string, ComponentType<BlockWidgetProps>>;
}

/** A named effect (`{ effect: name, params }`) implemented outside the runtime. */
export type EffectHandler = (params: Record<string, unknown>, ctx: { navigate: (to: string) => void }) => void | Promise<void>;

/** Named effects, a typed record. */
export type EffectRegistry = Record<string, EffectHandler>;

export type { LogicContext };
