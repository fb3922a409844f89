/**
 * Cross-origin protection of the GraphQL endpoint, for every method:
 * - a stated `Origin` must be this request's own host or one of the configured CORS origins
 *   (`CORS_ORIGINS`, none by default), on GET as on POST: a GET query can read private data;
 * - `Sec-Fetch-Site` must be same-origin or none (a user's own navigation), unless the origin is granted;
 * - a POST must carry a JSON content type (one a plain HTML form or a "simple" cross-site fetch cannot
 *   send, so browsers preflight it, and the preflight grants nothing to other origins).
 * CORS response headers are granted only to the configured origins ({@link corsOptions}).
 */
import type { YogaServerOptions } from 'graphql-yoga';
import { route, type Route, type RouteRequest } from './route';

const JSON_TYPES = ['application/json', 'application/graphql-response+json'];

/** The catalogue texts of the three refusals (messages/api.yaml, `api.error.csrf.*`). */
export interface CsrfTexts {
  /** An Origin that is neither this host nor a granted origin. */
  origin: string;
  /** A Sec-Fetch-Site other than same-origin or none. */
  site: string;
  /** A POST without a JSON content type. */
  contentType: string;
}

/** Catalogue keys of {@link CsrfTexts}. */
export const CSRF_TEXT_KEYS: Readonly<Record<keyof CsrfTexts, string>> = {
  origin: 'api.error.csrf.origin',
  site: 'api.error.csrf.site',
  contentType: 'api.error.csrf.contentType',
};

/** The three refusals' texts, each its catalogue key's text by `text`. */
export const csrfTexts = (text: (key: string) => string): CsrfTexts => ({ origin: text(CSRF_TEXT_KEYS.origin), site: text(CSRF_TEXT_KEYS.site), contentType: text(CSRF_TEXT_KEYS.contentType) });

/** The 403 with the refusal's text (module level: no closure per request on the hot path). */
function refusal(hook: RouteRequest, message: string): Response {
  return new hook.fetchAPI.Response(JSON.stringify({ errors: [{ message, extensions: { code: 'CSRF_REFUSED' } }] }), {
    status: 403,
    headers: { 'content-type': 'application/json' },
  });
}

/** The media type of a Content-Type value, lower-cased, without parameters (`application/json` itself costs nothing). */
function mediaType(value: string | null): string {
  if (value === null) return '';
  if (value === 'application/json') return value;
  return value.split(';')[0].trim().toLowerCase();
}

/** The host (with port) of an Origin header value, or null when it is not a URL. */
function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * The route: refuses cross-site requests to `endpoint` (the GraphQL endpoint; other paths are not
 * checked) and form-encoded writes with a 403; passes the rest on. `granted` are the CORS origins.
 */
export function csrfPrevention(options: { endpoint: string; granted: readonly string[]; texts: CsrfTexts }): Route {
  const { endpoint, texts } = options;
  const grantedOrigins = new Set(options.granted);
  return route('csrf', (path) => path === endpoint, check);

  function check(hook: RouteRequest): Response | undefined {
    const { request, url } = hook;
    const method = request.method;
    // Preflights are answered by the CORS plugin, which grants only the configured origins.
    if (method === 'OPTIONS') return undefined;
    const origin = request.headers.get('origin');
    const isGranted = origin !== null && grantedOrigins.has(origin);
    if (origin !== null && !isGranted) {
      const originHost = origin === 'null' ? null : hostOf(origin);
      const host = (request.headers.get('host') ?? url.host).toLowerCase();
      if (originHost !== host) return refusal(hook, texts.origin);
    }
    const site = request.headers.get('sec-fetch-site');
    if (!isGranted && site !== null && site !== 'same-origin' && site !== 'none') return refusal(hook, texts.site);
    if (method === 'GET' || method === 'HEAD') return undefined;
    if (!JSON_TYPES.includes(mediaType(request.headers.get('content-type')))) return refusal(hook, texts.contentType);
    return undefined;
  }
}

/** Yoga's `cors` option: headers only for a granted origin, with credentials; nothing for anyone else. */
export function corsOptions(granted: readonly string[]): YogaServerOptions<Record<string, unknown>, Record<string, unknown>>['cors'] {
  if (granted.length === 0) return false;
  const grantedOrigins = new Set(granted);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (origin === null || !grantedOrigins.has(origin)) return false;
    return { origin, credentials: true, methods: ['GET', 'POST'], allowedHeaders: ['content-type', 'accept'], maxAge: 600 };
  };
}
