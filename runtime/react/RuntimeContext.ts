import { createContext, useContext } from 'react';
import type { GraphQLClient } from './bindings/createGraphQLClient';
import type { LogicInstance } from '../core/logic';
import type { MissingText } from '../core/messages/missingText';
import type { Translate } from './messages/translate';
import type { PageStateStore } from './state/pageStateStore';
import type { EffectRegistry, RuntimeBundle, ValidatorModule, WidgetRegistry } from './types';

/** Services every block reads: the bundle, registries, translator, session and effect runners. */
export interface RuntimeServices {
  bundle: RuntimeBundle;
  widgets: WidgetRegistry;
  effects: EffectRegistry;
  t: Translate;
  /** Told of a text that renders empty (a missing key, an unfilled placeholder); `t` reports to it too. */
  onMissing: MissingText;
  /** The logic instance definitions evaluate with (conditions, templates, guards, effects). */
  logic: LogicInstance;
  /** Loads the compiled validators module (code-split with the form chunk). */
  loadValidators: () => Promise<ValidatorModule>;
  /** Runs the bindings (`call:` effects, `load:`s): the one GraphQL client of this bundle. */
  graphql: GraphQLClient;
  /** The signed-in user (logic context `user`). */
  user: Record<string, unknown> | null;
  /** The record the flows drive (logic context `record`). */
  record: Record<string, unknown>;
  /** Replaces the record (after `set` effects or call results). */
  setRecord: (next: Record<string, unknown>) => void;
  /** `memory` and `local` page state of every flow (`state.*` in logic). */
  pageState: PageStateStore;
  /** When set, routes need a signed-in `user` except the public ones; others go to the sign-in path. */
  signIn?: SignInGate;
}

/** Which routes need a signed-in user (see {@link RuntimeServices.signIn}). */
export interface SignInGate {
  /** Where anonymous visitors of a protected route are sent. */
  path: string;
  /** Route patterns open to anonymous visitors (React Router syntax: `/a/:id`, `/a/*`). */
  publicPaths: string[];
}

/** React context carrying {@link RuntimeServices}. */
export const RuntimeContext = createContext<RuntimeServices | null>(null);

/** The runtime services; throws outside a FlowRunner. */
export function useRuntime(): RuntimeServices {
  const services = useContext(RuntimeContext);
  if (!services) throw new Error('useRuntime() must be used inside <FlowRunner>');
  return services;
}
