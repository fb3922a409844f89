/**
 * Forms posted to server-rendered pages (`settings.serverRender.posts`: sign-in, forgot and reset password): what a
 * browser sends with JavaScript off, or before the app has arrived. The app's server entry runs the form's submit
 * event as the app would (`submit`, app/server.tsx); its calls go to this server's own GraphQL endpoint as the
 * posting visitor (their cookies, their address: the same resolvers, rate limits and failure counting as the app's
 * requests), and the cookies those answers set go back with the answer: a 303 to where the chain went (after
 * sign-in, the landing path), or the page again rendered with the answer (the failure alert, the e-mail kept).
 *
 * Other sites cannot post here: the GraphQL endpoint's CSRF plugin sees JSON from this server only, so this route
 * checks for itself that the post comes from this host's own page (`Origin`, and `Sec-Fetch-Site` when sent) and
 * carries a token the server wrote into that page (server/auth/formToken.ts); anything else is refused with a 403.
 */
import type { PostedAnswer, ServerRenderEntry, ServerSubmitResult } from '../../runtime/core/serverRender';
import { FORM_ID_FIELD, FORM_TOKEN_FIELD } from '../../runtime/core/serverRender';
import type { ResolvedLayers } from '../../runtime/core/types';
import { formTokenValid } from '../auth/formToken';
import { brandDocument, type BrandRegistry } from '../brands';
import { route, type Route, type RouteRequest } from '../plugins/route';

/** A posted form's body at most (a sign-in form is well under 1 kB). */
const MAX_BODY = 16 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';

/** What the route needs from the server. */
export interface FormPostsOptions {
  entry: () => Promise<ServerRenderEntry | undefined>;
  brands: BrandRegistry;
  layers: (selection: Record<string, string>) => ResolvedLayers;
  secret: string;
  /** Runs a GraphQL operation as the request's visitor (its cookies and address); answers `data[field]` and the cookies set. */
  execute(hook: RouteRequest, document: string, field: string, variables: Record<string, unknown>, cookies: string[]): Promise<unknown>;
  /** The page at the request's address rendered with the answer, `headers` (the cookies set) on it. */
  page(request: Request, posted: PostedAnswer, headers: Headers, fetchAPI: { Response: typeof Response }): Promise<Response>;
  /** The refusal text of a post from elsewhere, and of a missing or expired token (catalogue texts of the Host's brand). */
  texts(host: string | null): { origin: string; token: string };
}

/** The host (with port) of an Origin header value, or null when it is not a URL. */
function hostOf(origin: string | null): string | null {
  try {
    return origin && origin !== 'null' ? new URL(origin).host.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The route answering form posts (see the module's comment); every other request passes by. */
export function formPosts(options: FormPostsOptions): Route {
  return route('form posts', (path) => path !== '/graphql', async (hook) => {
    const { request, url, fetchAPI } = hook;
    if (request.method !== 'POST' || (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase() !== FORM_TYPE) return;
    const entry = await options.entry();
    if (!entry?.submit) return;
    const host = request.headers.get('host') ?? url.host;
    const refuse = (text: string) => new fetchAPI.Response(text, { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
    const texts = options.texts(host);
    // Only this host's own pages: browsers state the Origin of every form post.
    const site = request.headers.get('sec-fetch-site');
    if (hostOf(request.headers.get('origin')) !== host.toLowerCase() || (site !== null && site !== 'same-origin')) return refuse(texts.origin);
    const length = Number(request.headers.get('content-length') ?? '0');
    if (length > MAX_BODY) return new fetchAPI.Response(null, { status: 413 });
    const body = await request.text();
    if (body.length > MAX_BODY) return new fetchAPI.Response(null, { status: 413 });
    const fields = [...new URLSearchParams(body)];
    const value = (name: string) => fields.find(([key]) => key === name)?.[1];
    const hostName = host.replace(/:\d+$/, '');
    if (!formTokenValid(options.secret, hostName, value(FORM_TOKEN_FIELD))) return refuse(texts.token);
    const form = value(FORM_ID_FIELD) ?? '';
    const brand = options.brands.forHost(host);
    const cookies: string[] = [];
    const result: ServerSubmitResult | null = await entry.submit({
      path: url.pathname, search: url.search, host: hostName, origin: `${url.protocol}//${host}`, page: brandDocument(brand, options.layers),
      form, fields: fields.filter(([key]) => key !== FORM_TOKEN_FIELD && key !== FORM_ID_FIELD),
      execute: (document, field, variables) => options.execute(hook, document, field, variables, cookies),
    });
    const headers = new Headers({ 'cache-control': 'no-store' });
    for (const cookie of cookies) headers.append('set-cookie', cookie);
    // Not a form the server answers: the page itself (the app, once there, has the person send it again).
    if (!result) {
      headers.set('location', url.pathname + url.search);
      return new fetchAPI.Response(null, { status: 303, headers });
    }
    if ('redirect' in result) {
      headers.set('location', result.redirect);
      return new fetchAPI.Response(null, { status: 303, headers });
    }
    return options.page(request, result.posted, headers, fetchAPI);
  });
}
