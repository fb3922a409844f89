import { FluentProvider, makeStyles, type PartialTheme } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, useRoutes, type RouteObject } from 'react-router-dom';
import { createGraphQLClient } from './bindings/createGraphQLClient';
import { builtInEffects } from './effects/builtInEffects';
import { buildRoutes, type BuildRoutesOptions } from './flow/buildRoutes';
import type { FlowParts } from './flow/flowParts';
import type { ValidatorLoader } from './form/validatorCache';
import { createLogic, type LogicInstance } from '../core/logic';
import { warnMissingText, type MissingText } from '../core/messages/missingText';
import type { ServerEnvironment } from '../core/serverRender';
import { createTranslate } from './messages/translate';
import { RuntimeContext, type PreloadedLoads, type RuntimeServices, type SignInGate } from './RuntimeContext';
import { PageStateStore } from './state/pageStateStore';
import { updateScreen } from './state/updateScreen';
import type { EffectRegistry, RuntimeBundle, WidgetRegistry } from './types';

// The page is at least the viewport's height with the footer at its bottom (the step's main grows): a screen
// whose content arrives in parts (a form's chunk, a call's answer) does not push the footer down as it fills.
const usePageStyles = makeStyles({ page: { display: 'flex', flexDirection: 'column', minHeight: '100dvh' } });

/** The tokens come from the page's style sheet (an empty theme, not none: Fluent warns of a missing one in development). */
const NO_THEME: PartialTheme = {};

/** Props of {@link FlowRunner}. */
export interface FlowRunnerProps extends BuildRoutesOptions {
  bundle: RuntimeBundle;
  widgets: WidgetRegistry;
  effects?: EffectRegistry;
  /** Loads build-time compiled validators by name (dynamic imports, so they are code-split; a module of all will do). */
  loadValidators: ValidatorLoader;
  /** GraphQL endpoint for bindings (default `/graphql`). */
  graphqlUri?: string;
  user?: Record<string, unknown> | null;
  /** Initial record the flows drive. */
  record?: Record<string, unknown>;
  /** Reads the record again from the server (after a save, a status request or a call that changes it); absent: the page's copy keeps what was saved. */
  loadRecord?: (params: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * Fluent theme (e.g. from the brand's colours). Default none: the page's style sheet defines the tokens
   * (custom properties on `:root`), so the theme's 14 kB (gzip) of tokens is not in the browser's code.
   */
  theme?: PartialTheme;
  /** Render with an in-memory router at this path (tests); default is the browser router. */
  memoryPath?: string;
  /** Routes need a signed-in `user` except `publicPaths`; anonymous visitors go to `path`. Default: every route is open. */
  signIn?: SignInGate;
  /** `bundle` is a core whose flows arrive in parts (`flowParts`): a step shows once its flow's part is there. Default: the bundle is whole. */
  parts?: FlowParts;
  /** Told of a text that renders empty (a missing key, an unfilled placeholder); default: a `[fleetform]` console warning once each. */
  onMissing?: MissingText;
  /** The logic instance every definition on screen evaluates with (the product's functions); default: the runtime's operations and functions only. */
  logic?: LogicInstance;
  /**
   * The markup is a server render of the same props (`memoryPath` there): the first render matches it
   * (local storage read as defaults, `environment` as `url`, lazy code awaited, loads from `preloaded`),
   * then the screen renders as usual. On the server (no effects run) every render is such a render.
   */
  hydrating?: boolean;
  /** The page's host and origin as the server saw them, and whether the browser held `local` state (while `hydrating`). */
  environment?: ServerEnvironment;
  /** Load answers of the server render (while `hydrating`; a server pass collects what it needs in `requested`). */
  preloaded?: PreloadedLoads;
  /** Told the step's title text while `hydrating` (the server writes it into the page's `<title>`). */
  onTitle?: (title: string) => void;
  /** Rendered beside the routes, inside the theme and the runtime's context (`useRuntime`: texts, settings): app-wide overlays. */
  children?: ReactNode;
}

/**
 * Renders flow definitions as a routed app: one React Router route per step, blocks drawn with
 * Fluent UI v9, forms with rjsf on the runtime's theme.
 * @example
 * <FlowRunner bundle={bundle} widgets={createWidgetRegistry(extensions)} loadValidators={() => import('./validators.cjs')} />
 */
export function FlowRunner(props: FlowRunnerProps) {
  const { bundle, widgets, effects, loadValidators, graphqlUri = '/graphql', user = null, theme, memoryPath, home, homeParams, signIn, parts } = props;
  const [record, setRecord] = useState<Record<string, unknown>>(props.record ?? {});
  const [onMissing] = useState(() => props.onMissing ?? warnMissingText());
  const [logic] = useState(() => props.logic ?? createLogic());
  const t = useMemo(() => createTranslate(bundle.messages, { settings: bundle.settings }, onMissing), [bundle, onMissing]);
  const [pageState] = useState(() => new PageStateStore());
  const { environment, preloaded, onTitle } = props;
  // The server render's answers stand in for the client's cache (a later visit of a step whose load they answer).
  const graphql = useMemo(() => createGraphQLClient(bundle, { uri: graphqlUri, answers: props.hydrating ? preloaded?.answers : undefined }), [bundle, graphqlUri]);
  const [hydrating, setHydrating] = useState(props.hydrating === true);
  useEffect(() => {
    if (!hydrating) return;
    // Hydrated: the server's answers served their one render; a later visit of the same step asks the client (which has them).
    // (A posted form's answer stays: only a hydrating render reads it, and a form may hydrate after the root.)
    if (preloaded) preloaded.answers = {};
    // The render that follows (browser values: storage, the page's address) yields to the browser as hydration did.
    updateScreen(() => setHydrating(false));
  }, []);
  const services = useMemo<RuntimeServices>(
    // The runtime's own effects (download, wait, notifyParent) under the product's.
    () => ({
      bundle, widgets, effects: { ...builtInEffects, ...effects }, t, onMissing, logic, loadValidators, graphql, user, record, setRecord, pageState, signIn,
      parts, loadRecord: props.loadRecord, hydrating, environment, preloaded, onTitle: hydrating ? onTitle : undefined,
    }),
    [bundle, widgets, effects, t, onMissing, logic, loadValidators, graphql, user, record, pageState, signIn, parts, props.loadRecord, hydrating, environment, preloaded, onTitle],
  );
  const pageStyles = usePageStyles();
  const routes = useMemo(() => buildRoutes(bundle.flows, { home, homeParams }), [bundle.flows, home, homeParams]);
  return (
    <FluentProvider theme={theme ?? NO_THEME} className={pageStyles.page}>
      <RuntimeContext.Provider value={services}>
        {memoryPath ? (
          <MemoryRouter initialEntries={[memoryPath]}><Steps routes={routes} /></MemoryRouter>
        ) : (
          <BrowserRouter><Steps routes={routes} /></BrowserRouter>
        )}
        {props.children}
      </RuntimeContext.Provider>
    </FluentProvider>
  );
}

/**
 * The step routes under a router. A declarative router (`BrowserRouter` and `useRoutes`), not a data router
 * (`createBrowserRouter`): steps load their own data (`load:`), so the data router's loaders, actions and
 * fetchers were unused, and they were 16 kB (gzip) of every first visit's code.
 */
function Steps({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}
