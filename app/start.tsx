/**
 * The portal's app, loaded by the browser entry (app/main.tsx): reads the host's brand from the page (its
 * selection, texts and settings, written by the server; the default brand for a host no brand names) and
 * stops with the start-up failure text when it cannot (spec 000 s7); else loads that region's built definitions
 * (scripts/compileValidators.ts: a core of route stubs, then the part of each flow with a step at the page's
 * path; other flows' parts come when a step of theirs is first shown), checks each part's widget names against
 * the registry, and renders the
 * flows with the runtime, with the session idle warning for a signed-in user. When the server rendered
 * the page (app/server.tsx: its hydration data in the page) for this visitor (anonymous, or the signed-in session
 * the page carries, which the app then starts with instead of asking the server again), the app hydrates that
 * markup instead of drawing it again.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { HYDRATION_ID, type HydrationData } from '../runtime/core/serverRender';
import { parseHydration } from './pageData';
import type { SelectionTexts } from '../runtime/core/types';
import type { BuiltBundle, FlowPart } from '../runtime/core/bundleParts';
import { checkWidgetReferences, flowParts, flowsAt } from '../runtime/react';
import { definitions } from '../.generated/definitions';
import { AppRoot, browserRenderer, widgets } from './AppRoot';
import { readBrand, showConfigRequired, withBrand } from './brand';
import { IdleSession } from './idle/IdleSession';
import { endSession, isPublicPath, keepSessionAlive, loadRecord, loadSession, signInGate, type StartSession } from './session';

/** The application read again (the runtime's `loadRecord`). */
const reloadRecord = (params: Record<string, unknown>) => loadRecord(typeof params.applicationId === 'string' ? params.applicationId : undefined);

// Not a top-level await: the lazily loaded chunks import from this module's chunk, and a module awaiting at its
// top level holds every module that imports it until it settles; start() waits for some of them (a part's views).
const brand = readBrand();
if (brand) void start(brand);
else showConfigRequired();

/** Starts the app for the page's brand. */
async function start(brand: SelectionTexts): Promise<void> {
  // Its region's definitions, beside the server session (httpOnly cookie: who is signed in, their application).
  const files = definitions[brand.selection.region];
  if (!files) throw new Error(`no definitions are built for region '${brand.selection.region}': run npm run build`);
  // The first screen's flows' parts come with the core (the route table says which), before its first render: a hydration must not wait.
  const first = flowsAt(files.routes, location.pathname);
  const early = new Map(first.map((flowId) => [flowId, fetchJson<FlowPart>(files.parts[flowId])]));
  // The server's render of this very address: a signed-in visitor's comes with the session it was rendered for.
  const parsed = parseHydration(document.getElementById(HYDRATION_ID)?.textContent);
  const hydration = parsed && parsed.path === location.pathname && parsed.search === location.search ? parsed : undefined;
  const rendered: StartSession | undefined = hydration?.session && { status: 'signedIn', ...hydration.session };
  const [bundle, session] = await Promise.all([fetchJson<BuiltBundle>(files.core).then((core) => withBrand(core, brand)), rendered ?? loadSession()]);
  const fetchPart = (flowId: string) => {
    const fetched = early.get(flowId);
    early.delete(flowId);
    return fetched ?? fetchJson<FlowPart>(files.parts[flowId]);
  };
  const parts = flowParts(bundle, fetchPart, (part) => {
    const problems = checkWidgetReferences(part, widgets);
    if (problems.length) throw problems[0];
  });
  await Promise.all(first.map(parts.load));
  const signIn = signInGate(bundle.settings.signIn);
  // Spec 002 s4: a failure loading the user or the application goes to the error page.
  if (session.status === 'error' && signIn && !isPublicPath(signIn, location.pathname)) history.replaceState(null, '', signIn.errorPath);
  const record = session.status === 'signedIn' ? session.record : {};
  document.documentElement.lang = typeof bundle.settings.locale === 'string' ? bundle.settings.locale : 'en';

  const container = document.getElementById('root') as HTMLElement;
  const app = (hydration?: HydrationData) => (
    <AppRoot
      bundle={bundle}
      renderer={browserRenderer()}
      user={session.status === 'signedIn' ? session.user : null}
      record={record}
      loadRecord={reloadRecord}
      signIn={signIn}
      parts={parts}
      hydrating={hydration !== undefined}
      environment={hydration?.environment}
      preloaded={hydration ? { answers: hydration.answers, posted: hydration.posted } : undefined}
    >
      {session.status === 'signedIn' && session.idle ? <IdleSession clock={session.idle} keepAlive={keepSessionAlive} endSession={endSession} /> : null}
    </AppRoot>
  );
  // The server's render is for this very address and for this visitor (anonymous, or the session it carries); anything else draws afresh.
  if (hydration && (rendered ? session === rendered : session.status === 'anonymous')) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
    // thread for the whole page (a phone's long task: Lighthouse's total blocking time); the server's markup
    // stays visible and its links work meanwhile, and input on a part not yet hydrated replays once it is.
    startTransition(() => {
      hydrateRoot(container, app(hydration));
    });
    return;
  }
  // Drawn in the browser, as a transition too: a whole page's first render yields to input every few milliseconds.
  // What the server sent (a skeleton the size of the content, or nothing) stays on screen until React's first
  // commit replaces it; form chunks then stream in behind Suspense.
  const root = createRoot(container);
  startTransition(() => root.render(app()));
}

/** A definitions file (JSON, immutable under its hashed name). */
async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}
