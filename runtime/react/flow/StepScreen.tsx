import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { stepStateDefs, transitionsOf } from '../../core/flow';
import type { BlockDef, Logic, LogicContext } from '../../core/types';
import { BlockList } from '../blocks/BlockList';
import { lazyComponent } from '../blocks/lazyComponent';
import { useRuntime } from '../RuntimeContext';
import { readState } from '../state/stepState';
import { updateScreen } from '../state/updateScreen';
import { usePageStateVersion } from '../state/usePageStateVersion';
import { useLoads } from '../state/useLoads';
import { deriveRoles, recordProgress } from './machine';
import { StepContext, type StepServices } from './StepContext';
import { useChain } from './useChain';

/** The global error dialog's code loads when a call first fails. */
const ErrorDialog = lazyComponent(() => import('./ErrorDialog').then((m) => m.ErrorDialog));

const useStyles = makeStyles({
  // Grows to fill the page's height (FlowRunner's column), keeping the footer at the bottom of a short screen.
  main: {
    boxSizing: 'border-box', width: '100%', maxWidth: '60rem', margin: '0 auto', flexGrow: 1,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    // Focus moves here on each step change (screen readers announce the new screen); no ring for that.
    outlineStyle: 'none',
  },
  wide: { maxWidth: '80rem' },
  header: { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground1 },
  chrome: { boxSizing: 'border-box', width: '100%', maxWidth: '80rem', margin: '0 auto', padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}` },
  footer: { borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, backgroundColor: tokens.colorNeutralBackground3 },
  sticky: { position: 'sticky', bottom: 0, zIndex: 1 },
  // A header or footer given a text colour: its texts and links take it (they set their own colours otherwise).
  inherit: { '& a, & p, & h2, & span, & button': { color: 'inherit' } },
});

/**
 * What a step without blocks (and without an `enter` event) shows: a route whose screen is not
 * defined yet gets a plain, defined page rather than a blank one.
 */
const UNAVAILABLE_BLOCKS: BlockDef[] = [
  { type: 'text', text: 'runtime.unavailable.title', variant: 'heading' },
  { type: 'text', text: 'runtime.unavailable.body' },
];

/**
 * One step of a flow as a screen: its blocks over a logic context (record, user, roles,
 * `progress` (each status of the flow's order: completed, progress or pending), settings, route
 * params, page `state`, loaded `data`, `url`), between the flow's header and footer
 * as the step's `layout` says. Events run as core chains (`useChain`): the step moves only when
 * every effect succeeded, otherwise the global error dialog offers Try Again.
 */
export const StepScreen = memo(function StepScreen({ flowId, stepId }: { flowId: string; stepId: string }) {
  const styles = useStyles();
  const rt = useRuntime();
  const params = useParams();
  const location = useLocation();
  const flow = rt.bundle.flows[flowId];
  const step = flow.steps[stepId];
  const mainRef = useRef<HTMLElement>(null);

  const defs = useMemo(() => stepStateDefs(flow, stepId), [flow, stepId]);
  // A form posted to the server before the app: the page state its answer left (the server rendered with it) is the
  // step's from the first render, and again after `enter` (which may reset it).
  const [posted] = useState(() => {
    const state = rt.hydrating ? rt.preloaded?.posted?.state : undefined;
    const entries = Object.entries(state ?? {}).filter(([name]) => defs[name] && defs[name].def.source === 'memory');
    if (entries.length) rt.pageState.write(entries.map(([name, value]) => ({ ...defs[name], name, value })));
    return entries.length ? Object.fromEntries(entries) : undefined;
  });
  const version = usePageStateVersion(rt.pageState);
  // While hydrating, the screen is the server's: local storage reads as the defaults, the address as the server saw it.
  const { hydrating, environment } = rt;
  const state = useMemo(() => readState(defs, rt.pageState, location.search, { storage: !hydrating }), [defs, rt.pageState, location.search, version, hydrating]);
  const base = useMemo<LogicContext>(() => {
    const browser = !hydrating && typeof window !== 'undefined';
    const ctx: LogicContext = {
      record: rt.record, user: rt.user, settings: rt.bundle.settings, params, now: new Date().toISOString(), state,
      url: {
        path: location.pathname, search: location.search,
        host: browser ? globalThis.location.hostname : (environment?.host ?? globalThis.location?.hostname ?? ''),
        origin: browser ? globalThis.location.origin : (environment?.origin ?? globalThis.location?.origin ?? ''),
        referrer: browser ? document.referrer : '',
        // Whether this page is shown in another page's frame (e.g. a return page inside a signing dialog).
        framed: browser && window.parent !== window,
      },
    };
    return { ...ctx, roles: deriveRoles(flow, ctx, rt.logic), progress: recordProgress(flow, rt.record) };
  }, [rt.record, rt.user, rt.bundle.settings, params, flow, state, location.pathname, location.search, hydrating, environment]);
  const data = useLoads(step.load, base, rt.graphql, rt.logic, hydrating ? rt.preloaded : undefined);
  const context = useMemo<LogicContext>(() => ({ ...base, data }), [base, data]);
  const title = step.title ?? (step.blocks?.length ? undefined : 'runtime.unavailable.title');
  if (rt.onTitle && title) rt.onTitle(rt.t(title, context));

  useEffect(() => {
    if (title) document.title = rt.t(title, context);
  }, [title, rt, context]);
  useEffect(() => {
    // A new step: move focus to it for keyboard and screen-reader users, unless something on the
    // step (e.g. a dialog, whose effect ran first) already took it.
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) mainRef.current?.focus();
    // The step answers from now on: a server-rendered step is marked once the app has taken it over (tests and
    // tools wait for `main[data-ready]`; React leaves an attribute it does not render alone).
    mainRef.current?.setAttribute('data-ready', '');
  }, [stepId]);

  const { raise, attempt, write, writeAll, busy, idle, errors, retry, dismiss } = useChain(flow, stepId, context);

  // `enter` runs once when the step opens (e.g. to seed page state from the query).
  const raiseRef = useRef(raise);
  raiseRef.current = raise;
  const writeAllRef = useRef(writeAll);
  writeAllRef.current = writeAll;
  useEffect(() => {
    if (transitionsOf(flow, stepId, 'enter').length) void raiseRef.current('enter');
    if (posted) void writeAllRef.current(posted);
  }, [flow, stepId, posted]);

  // Settled: the step's opening chains are over (its `enter`, and the writes of what was chosen on the server's page,
  // which blocks queue from their own effects, so a microtask later) and the screen shows their outcome. Marked
  // `main[data-settled]` for what waits to act on the step as the user left it (app/public/early-input.js replays
  // clicks made before the app then, so a rule the taken-over values enable has run).
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    let live = true;
    // As a transition, as the chains' own updates are: it renders with them (never before the screen shows them).
    queueMicrotask(() => void idle().then(() => { if (live) updateScreen(() => setOpened(true)); }));
    return () => { live = false; };
  }, [idle]);
  useEffect(() => {
    if (opened && !busy) mainRef.current?.setAttribute('data-settled', '');
  }, [opened, busy]);

  // A load's `then` event follows each of its answers, over the context that holds the answer (this
  // render's `raise`); its query writes replace the history entry, and guards that do not hold are a normal outcome.
  const answered = useRef<Record<string, unknown>>({});
  useEffect(() => {
    for (const [name, def] of Object.entries(step.load ?? {})) {
      const load = data[name];
      if (!def.then || !load || (load.status !== 'done' && load.status !== 'error') || answered.current[name] === load) continue;
      answered.current[name] = load;
      void raiseRef.current(def.then, undefined, { replace: true, chained: true });
    }
  }, [step.load, data]);

  const services = useMemo<StepServices>(() => ({ flowId, stepId, context, raise, attempt, write, writeAll, busy }), [flowId, stepId, context, raise, attempt, write, writeAll, busy]);
  const layout = step.layout ?? {};
  const unavailable = !step.blocks?.length && !transitionsOf(flow, stepId, 'enter').length;
  // A step's header shows where its layout says; the 'not available yet' page is a whole page of the shell, so it has it.
  const header = flow.layout?.header && (layout.header !== undefined ? rt.logic.holds(layout.header, context) : unavailable);
  const footer = flow.layout?.footer && layout.footer !== 'hidden' ? (layout.footer ?? 'static') : undefined;
  const colours = (background: Logic | undefined, colour: Logic | undefined): CSSProperties | undefined => {
    const bg = background === undefined ? undefined : rt.logic.evaluateTemplate(background, context);
    const fg = colour === undefined ? undefined : rt.logic.evaluateTemplate(colour, context);
    const style: CSSProperties = {};
    if (typeof bg === 'string' && bg) style.backgroundColor = bg;
    if (typeof fg === 'string' && fg) style.color = fg;
    return Object.keys(style).length ? style : undefined;
  };
  const headerStyle = header ? colours(flow.layout?.headerBackground, flow.layout?.headerColour) : undefined;
  const footerStyle = footer ? colours(flow.layout?.footerBackground, flow.layout?.footerColour) : undefined;
  return (
    <StepContext.Provider value={services}>
      {header ? <header className={mergeClasses(styles.header, headerStyle?.color && styles.inherit)} style={headerStyle}><div className={styles.chrome}><BlockList blocks={flow.layout?.header} /></div></header> : null}
      <main ref={mainRef} tabIndex={-1} className={mergeClasses(styles.main, layout.width === 'wide' && styles.wide)} data-flow={flowId} data-step={stepId}>
        <BlockList blocks={unavailable ? UNAVAILABLE_BLOCKS : step.blocks} />
      </main>
      {footer ? (
        <footer className={mergeClasses(styles.footer, footer === 'sticky' && styles.sticky, footerStyle?.color && styles.inherit)} data-footer={footer} style={footerStyle}>
          <div className={styles.chrome}><BlockList blocks={flow.layout?.footer} /></div>
        </footer>
      ) : null}
      {errors.length ? <ErrorDialog errors={errors} onClose={dismiss} onRetry={retry} /> : null}
    </StepContext.Provider>
  );
});
