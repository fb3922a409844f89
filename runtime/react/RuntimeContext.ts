import { createContext, useContext } from 'react';
import type { GraphQLClient } from './bindings/createGraphQLClient';
import type { LogicInstance } from '../core/logic';
import type { MissingText } from '../core/messages/missingText';
import type { PostedAnswer, ServerEnvironment } from '../core/serverRender';
import type { FlowParts } from './flow/flowParts';
import type { ValidatorLoader } from './form/validatorCache';
import type { Translate } from './messages/translate';
import type { PageStateStore } from './state/pageStateStore';
import type { EffectRegistry, RuntimeBundle, WidgetRegistry } from './types';

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
  /** Loads compiled validators by name (each form asks for its own, in parallel with the form chunk). */
  loadValidators: ValidatorLoader;
  /** Runs the bindings (`call:` effects, `load:`s): the one GraphQL client of this bundle. */
  graphql: GraphQLClient;
  /** The signed-in user (logic context `user`). */
  user: Record<string, unknown> | null;
  /** The record the flows drive (logic context `record`). */
  record: Record<string, unknown>;
  /** Replaces the record (after `set` effects or call results). */
  setRecord: (next: Record<string, unknown>) => void;
  /** Reads the record again from the server (saves, status requests, calls that change it); see FlowRunnerProps. */
  loadRecord?: (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** `memory` and `local` page state of every flow (`state.*` in logic). */
  pageState: PageStateStore;
  /** When set, routes need a signed-in `user` except the public ones; others go to the sign-in path. */
  signIn?: SignInGate;
  /** When set, `bundle` is a core whose flows arrive in parts: a step shows once its flow's part is there. */
  parts?: FlowParts;
  /**
   * True while the screen renders as the server did (on the server, and in the browser's first, hydrating
   * render): local storage reads as the defaults, `url` holds {@link RuntimeServices.environment}, lazy code
   * suspends instead of rendering nothing, and loads answer from {@link RuntimeServices.preloaded}.
   */
  hydrating: boolean;
  /** The page's address as the server saw it (`url.host`, `url.origin`; referrer empty, not framed) and whether the browser held `local` state, used while hydrating. */
  environment?: ServerEnvironment;
  /** Load answers the server rendered with (see {@link PreloadedLoads}). */
  preloaded?: PreloadedLoads;
  /** Told the step's title while hydrating (the server's `<title>`). */
  onTitle?: (title: string) => void;
}

/**
 * The step loads a server render asked for and their answers, keyed by {@link loadKey}: on the server a
 * render pass adds what it needs to `requested` and the next pass reads `answers`; in the browser the
 * hydrating render starts with the same answers (no second request), dropped once hydrated.
 */
export interface PreloadedLoads {
  answers: Record<string, unknown>;
  requested?: Map<string, { call: string; variables: Record<string, unknown> }>;
  /** Code a server pass waited for (lazy blocks, the form's chunk): the next pass renders it without suspending. */
  waiting?: Set<Promise<unknown>>;
  /** The server's answer to a form posted to the page before the app (its page state and forms' values), rendered with. */
  posted?: PostedAnswer;
}

/** The key of a load's answer: its binding and evaluated variables. */
export const loadKey = (call: string, variablesJson: string): string => `${call} ${variablesJson}`;

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
