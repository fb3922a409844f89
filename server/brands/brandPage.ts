/**
 * The app's page for the request's brand: the built index.html with the brand's document (the same as
 * `/brand.json`) written into it as a JSON data block, so the browser starts without asking for it.
 * The page varies by Host: each brand's page is made once (per built index.html), with its own ETag
 * and its brotli and gzip forms (the build's .br/.gz of index.html are not used). Every page carries the
 * server entry's style sheet for the brand (`pageStyle`: the theme's tokens), which the browser's code
 * no longer holds.
 *
 * With the app's server-render entry (`ssr`), a route the app renders on the server (its
 * `settings.serverRender.paths`) goes out to an anonymous visitor (no session cookie) with its first
 * screen in the root element, its styles and title in the head, and the hydration data as a second JSON
 * data block. Those pages vary by path and query (and by Cookie: a signed-in visitor gets the brand's
 * plain page; a browser without the runtime's storage cookie gets `clientOnly` blocks rendered with the
 * defaults) and hold the rate book's rows of the moment, so they are kept in a small LRU for a minute.
 *
 * A signed-in visitor of a route the app renders for them (`settings.serverRender.signedIn`: an application's
 * home and steps) gets their own render: their user, application and the step's loads read through the API with
 * their session cookie (the API's authorisation, nobody else's data). That page is theirs alone: never kept
 * here, and sent `private, no-store` (staticSite.ts) so no cache stores it either.
 */
import { pageConfigScript } from '../../runtime/core/pageConfig';
import { hydrationScript, STORAGE_COOKIE, type GraphQLResult, type ServerRenderEntry, type ServerRenderRequest, type ServerRenderResult } from '../../runtime/core/serverRender';
import type { ResolvedLayers, SelectionTexts } from '../../runtime/core/types';
import { readCookie } from '../auth';
import { encodedBody, type EncodedBody } from '../http/encodedBody';
import type { PageRenderer } from '../http/staticSite';
import { brandDocument } from './brandDocument';
import type { BrandContext, BrandRegistry } from './brandRegistry';

/** `html` with `block` placed before `</head>` (before `<body>` or at the start when there is none). */
export function withHeadBlock(html: string, block: string): string {
  for (const marker of [/<\/head>/i, /<body[\s>]/i]) {
    const at = html.search(marker);
    if (at >= 0) return html.slice(0, at) + block + html.slice(at);
  }
  return block + html;
}

/** What server rendering needs (see the module's comment). */
export interface ServerRendering {
  /** The built entry, undefined while it is not built. */
  entry: () => Promise<ServerRenderEntry | undefined>;
  /** Runs a GraphQL operation as an anonymous visitor of `host` (the server's own schema). */
  execute(host: string, document: string, field: string, variables: Record<string, unknown>): Promise<unknown>;
  /**
   * Runs a GraphQL operation as the signed-in visitor whose session cookie is `cookie` (the whole answer): their
   * page is rendered for them on a route of `settings.serverRender.signedIn`. Without it they get the plain page.
   */
  signedIn?(host: string, cookie: string, document: string, variables: Record<string, unknown>): Promise<GraphQLResult>;
  /** The session cookie's name: a request carrying it gets the plain page, or its own render (`signedIn`). */
  cookieName: string;
  /** The token the pages' posting forms of `host` carry (server/auth/formToken.ts); none: those forms wait for the app. */
  formToken?: (host: string) => string;
  log: { warn(obj: object, msg: string): void };
  /** Rendered pages kept (default 100), and for how long (default 60 s). */
  maxPages?: number;
  maxAgeMs?: number;
}

/** Queries longer than this are not rendered on the server (nor kept). */
const MAX_SEARCH = 2048;

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The built page's module script and its preloads, asked for at low priority: on a server-rendered page they
 * only hydrate what is already on screen, so the screen's own images come first on a slow connection (a
 * phone's first visit). The plain page keeps the build's priorities: there the scripts draw the screen.
 */
function scriptsBehindContent(html: string): string {
  return html.replace(/<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g, '<$1 fetchpriority="low"');
}

/** The head block every page of the brand carries: the entry's style sheet (the theme) and the brand's document. */
function pageHead(document: SelectionTexts, entry: ServerRenderEntry | undefined): string {
  const style = entry ? `<style id="app-theme">${entry.pageStyle(document)}</style>` : '';
  return style + pageConfigScript(document);
}

/** The built page with a server render in it. */
function renderedHtml(html: string, document: SelectionTexts, entry: ServerRenderEntry, page: ServerRenderResult): string {
  let out = scriptsBehindContent(html).replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>`);
  if (page.title) out = out.replace(/<title><\/title>/, () => `<title>${escapeText(page.title as string)}</title>`);
  const locale = document.settings.locale;
  if (typeof locale === 'string') out = out.replace(/<html lang="[^"]*">/, () => `<html lang="${locale.replace(/[^A-Za-z0-9-]/g, '')}">`);
  return withHeadBlock(out, pageHead(document, entry) + page.head + hydrationScript(page.hydration));
}

/** The renderer of brand pages: one per brand and built page, made on first ask and kept; server renders per route and query. */
export function brandPage(brands: BrandRegistry, layers: (selection: Record<string, string>) => ResolvedLayers, ssr?: ServerRendering): PageRenderer {
  // Keyed by the built page's bytes (dropped with them) and then by brand: brands are fixed at start.
  const pages = new WeakMap<Uint8Array, Map<string, EncodedBody>>();
  // Server renders: brand + path + query -> the page (a promise, so simultaneous asks render once) and when it was made.
  const rendered = new WeakMap<Uint8Array, Map<string, { at: number; page: Promise<EncodedBody | undefined> }>>();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const maxPages = ssr?.maxPages ?? 100;
  const maxAgeMs = ssr?.maxAgeMs ?? 60_000;

  const plain = (html: Uint8Array<ArrayBuffer>, brand: BrandContext, entry: ServerRenderEntry | undefined): EncodedBody => {
    let byBrand = pages.get(html);
    if (!byBrand) pages.set(html, (byBrand = new Map()));
    // A page made before the entry was built lacks the theme: kept apart.
    const key = entry ? brand.id : `${brand.id} unthemed`;
    let page = byBrand.get(key);
    if (!page) {
      const text = withHeadBlock(decoder.decode(html), pageHead(brandDocument(brand, layers), entry));
      page = encodedBody(encoder.encode(text));
      byBrand.set(key, page);
    }
    return page;
  };

  return async (html, request, posted) => {
    const host = request.headers.get('host');
    const brand: BrandContext = brands.forHost(host);
    const entry = ssr && (await ssr.entry());
    if (!ssr || !entry) return plain(html, brand, undefined);
    const url = new URL(request.url);
    const document = brandDocument(brand, layers);
    const session = readCookie(request.headers.get('cookie'), ssr.cookieName);
    const hostName = (host ?? url.host).replace(/:\d+$/, '');
    const origin = `${url.protocol}//${host ?? url.host}`;
    const storageEmpty = !readCookie(request.headers.get('cookie'), STORAGE_COOKIE);
    const render = (more: Partial<ServerRenderRequest>, execute: ServerRenderRequest['execute'] = (doc, field, variables) => ssr.execute(host ?? url.host, doc, field, variables)) =>
      entry.render({ path: url.pathname, search: url.search, host: hostName, origin, page: document, storageEmpty, execute, formToken: ssr.formToken?.(hostName), ...more }).then(
        (result) => (result ? encodedBody(encoder.encode(renderedHtml(decoder.decode(html), document, entry, result))) : undefined),
        (error: unknown) => {
          ssr.log.warn({ error, path: url.pathname }, 'server render failed: the page is rendered in the browser');
          return undefined;
        },
      );
    // A signed-in visitor's page on a route rendered for them: through the API as them, theirs alone (never kept,
    // never stored by any cache); a session that is no longer signed in gets the plain page (the app sends it to sign in).
    if (session && ssr.signedIn && !posted && url.search.length <= MAX_SEARCH && entry.renders(document, url.pathname, true)) {
      const cookie = `${ssr.cookieName}=${session}`;
      const asVisitor = (doc: string, variables: Record<string, unknown>) => ssr.signedIn!(host ?? url.host, cookie, doc, variables);
      const execute = async (doc: string, field: string, variables: Record<string, unknown>) => {
        const answer = await asVisitor(doc, variables);
        if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? 'GraphQL gave no data');
        return answer.data[field];
      };
      return { ...((await render({ asVisitor }, execute)) ?? plain(html, brand, entry)), vary: 'Cookie', personal: true };
    }
    if (!entry.renders(document, url.pathname) || url.search.length > MAX_SEARCH) return plain(html, brand, entry);
    // A signed-in visitor's first screen is not the anonymous one: the plain page (which varies by Cookie).
    if (session) return { ...plain(html, brand, entry), vary: 'Cookie' };
    // The answer to a posted form: this visitor's page alone, never kept.
    if (posted) return { ...((await render({ posted })) ?? plain(html, brand, entry)), vary: 'Cookie' };
    let byKey = rendered.get(html);
    if (!byKey) rendered.set(html, (byKey = new Map()));
    const key = `${brand.id} ${storageEmpty ? 'empty' : 'stored'} ${url.pathname}${url.search}`;
    let hit = byKey.get(key);
    if (hit && Date.now() - hit.at > maxAgeMs) hit = undefined;
    if (hit) {
      // Most recently used last (a Map keeps insertion order).
      byKey.delete(key);
      byKey.set(key, hit);
    } else {
      const page = render({}).then((result) => {
        if (!result) byKey.delete(key);
        return result;
      });
      byKey.set(key, (hit = { at: Date.now(), page }));
      while (byKey.size > maxPages) byKey.delete(byKey.keys().next().value as string);
    }
    return { ...((await hit.page) ?? plain(html, brand, entry)), vary: 'Cookie' };
  };
}
