import type { ComponentType } from 'react';
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { LogicContext } from '../core/types';
import type { RuntimeBundle } from '../core/bundle';
import type { CompiledValidator } from './form/formStore';

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

export type { LogicContext, RuntimeBundle };
