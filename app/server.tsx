/**
 * The app's server-render entry (built by `npm run build` into dist-server/server.js; the server loads
 * that file, never this source). For an anonymous visitor of a route listed in `settings.serverRender.paths`
 * (or a signed-in one of a route in `settings.serverRender.signedIn`, for them alone: see {@link render}) it renders the first screen from the same definitions as the browser (the request's brand, region,
 * route and query): each step's loads run through the server's GraphQL `execute` (render passes until no
 * load is missing), and their answers travel in the hydration data so the browser does not ask again.
 */
import { createDOMRenderer, renderToStyleElements } from '@fluentui/react-components';
import { matchPath } from 'react-router-dom';
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import type { ServerRenderRequest, ServerRenderResult, ServerSubmitRequest, ServerSubmitResult } from '../runtime/core/serverRender';
import type { SelectionTexts } from '../runtime/core/types';
import { submitOnServer, type PreloadedLoads } from '../runtime/react';
import { bundles } from '../.generated/serverDefinitions';
import { reloadTarget } from '../extensions/effects/reload';
import { AppRoot, logic } from './AppRoot';
import { withBrand } from './brand';
import { sessionFrom, signInGate } from './session';
import { themeStyle } from './theme';

/** Render passes at most (code to load; a load whose variables read another load's answer needs one more). */
const MAX_PASSES = 5;

/**
 * The routes the definitions have rendered on the server (React Router patterns): for an anonymous visitor
 * `settings.serverRender.paths`, for a signed-in one `settings.serverRender.signedIn`.
 */
export function renders(page: SelectionTexts, path: string, signedIn = false): boolean {
  const paths = (page.settings.serverRender as { paths?: unknown; signedIn?: unknown } | undefined)?.[signedIn ? 'signedIn' : 'paths'];
  return Array.isArray(paths) && paths.some((p) => typeof p === 'string' && matchPath(p, path) !== null);
}

/** The page's own rules: the shell's header and footer reach the window's edges (no browser margin on the body). */
const PAGE_RULES = 'html, body { margin: 0; padding: 0; }';

/** The style sheet of every page of the selection: the page's rules and the brand's theme (see {@link themeStyle}). */
export const pageStyle = (page: SelectionTexts): string => `${PAGE_RULES}\n${themeStyle(page.settings)}`;

/** Reads a whole web stream as text. */
async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

/**
 * The page for `request`, or null when its route is not rendered on the server. A signed-in visitor's page
 * (`asVisitor`) is rendered for them: their user and application read as the browser reads them (app/session.ts),
 * through the API as them; null when the session is not signed in (the browser then sends them to sign in).
 */
export async function render(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
  const { asVisitor } = request;
  if (!renders(request.page, request.path, asVisitor !== undefined)) return null;
  const load = bundles[request.page.selection.region];
  if (!load) return null;
  const bundle = withBrand(await load(), request.page);
  const signIn = signInGate(bundle.settings.signIn);
  const started = asVisitor ? await sessionFrom((query) => asVisitor(query, {})) : undefined;
  if (started && started.status !== 'signedIn') return null;
  const session = started?.status === 'signedIn' ? { user: started.user, record: started.record, idle: started.idle } : undefined;
  const environment = { host: request.host, origin: request.origin, storageEmpty: request.storageEmpty, formToken: request.formToken };
  const { posted } = request;
  const answers: Record<string, unknown> = {};
  for (let pass = 1; ; pass++) {
    const requested: NonNullable<PreloadedLoads['requested']> = new Map();
    const waiting: NonNullable<PreloadedLoads['waiting']> = new Set();
    const renderer = createDOMRenderer();
    let title: string | undefined;
    const { prelude } = await prerender(
      <AppRoot
        bundle={bundle}
        renderer={renderer}
        user={session?.user ?? null}
        record={session?.record ?? {}}
        signIn={signIn}
        memoryPath={request.path + request.search}
        hydrating
        environment={environment}
        preloaded={{ answers: { ...answers }, requested, waiting, posted }}
        onTitle={(t) => { title = t; }}
      />,
      // Never outline a large boundary (its reveal is an inline script, which the CSP refuses): one document.
      { progressiveChunkSize: Number.POSITIVE_INFINITY },
    );
    const rendered = await text(prelude);
    // React writes the resources it hoists (image preloads) first: they belong in the head, not in the root.
    const hoisted = /^(?:<link [^>]*>)*/.exec(rendered)?.[0] ?? '';
    const html = rendered.slice(hoisted.length);
    // Code that suspended (a lazy block, the form's chunk): loaded now, the next pass renders it in place
    // (a boundary that suspended would be revealed by an inline script, which the CSP refuses).
    if (waiting.size && pass < MAX_PASSES) {
      await Promise.allSettled(waiting);
      continue;
    }
    if (/<script/i.test(html)) throw new Error(`the server render of ${request.path} holds a script (a boundary still suspended)`);
    const missing = [...requested];
    // A load that failed renders as the browser shows it while loading (the browser asks again).
    const asked = pass < MAX_PASSES && missing.length > 0 && (await Promise.all(missing.map(async ([key, { call, variables }]) => {
      const document = bundle.operations[call];
      if (!document) return false;
      try {
        answers[key] = await request.execute(document, call, variables);
        return true;
      } catch (error) {
        console.error(error);
        return false;
      }
    }))).some(Boolean);
    if (!asked) {
      const head = hoisted + renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>);
      return { head, html, title, hydration: { path: request.path, search: request.search, environment, answers, ...(posted ? { posted } : {}), ...(session ? { session } : {}) } };
    }
  }
}

/**
 * A form posted to a server-rendered page before the app (`settings.serverRender.posts`): its submit event run as
 * the app runs it (runtime/react `submitOnServer`); the product's `reload` effect (after sign-in) is a redirect.
 */
export async function submit(request: ServerSubmitRequest): Promise<ServerSubmitResult | null> {
  const load = bundles[request.page.selection.region];
  if (!load) return null;
  const bundle = withBrand(await load(), request.page);
  return submitOnServer({ bundle, logic, request, effects: { reload: (params) => ({ redirect: reloadTarget(params) }) } });
}
