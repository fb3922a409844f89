/**
 * The HTTP side of every request in one plugin, so yoga runs one hook per phase instead of one per
 * feature (every hook call costs whatwg-node and envelop a payload, closures and promise-like
 * objects; with a hook per feature that was most of what this server added to a plain yoga request).
 *
 * - onRequest: notes the request's arrival (its id and start time, requestState.ts), then ONE
 *   dispatch on the path: an exact route (health, dev mailbox, the GraphQL endpoint's CSRF check),
 *   else a prefix route (`/files/`), else the fallback (the static site). Only the matched handler
 *   runs; a handler that does not end the response leaves the request to GraphQL. A handler that
 *   throws is logged and answered a 500 with a masked JSON body, never the stack.
 * - onParams: notes the operation name for the log line, then the parameter checks in order
 *   (the parameters' shape, then persisted operations in production).
 * - onResponse: a 4xx without a body (yoga's 406 when no type the request accepts is served) gets
 *   a JSON error body; then the request's log line (queued, formatted off the request path), then
 *   the queued cookies and security headers.
 * @example
 * useRouter({ log, secure: true, exact: { '/healthz': h, '/graphql': csrfCheck }, prefixes: { '/files/': f }, fallback: site, unexpectedBody });
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';
import type { OnParamsPayload } from './use-persisted-operations';
import { requestState } from './requestState';
import { logRequestLine, noteOperation } from './use-request-log';
import { responseHeaders } from './use-response-headers';

/** What whatwg-node hands an onRequest hook. */
export type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];
/** A route: ends the response to claim the request (may be async), or returns to leave it to GraphQL. */
export type RouteHandler = (hook: OnRequestPayload) => void | Promise<void>;

/** What the router serves and runs. */
export interface RouterOptions {
  /** The request log (one line per request, health probes at debug). */
  log: Logger;
  /** HSTS on every response (production). */
  secure: boolean;
  /** Routes by exact `url.pathname`. */
  exact?: Record<string, RouteHandler>;
  /** Routes by path prefix (checked in order, after the exact routes). */
  prefixes?: Record<string, RouteHandler>;
  /** The handler of every other path (the static site). */
  fallback?: RouteHandler;
  /** Run in order on every operation's parameters after the name is noted; each throws to refuse. */
  checkParams?: readonly ((payload: OnParamsPayload) => void)[];
  /** Origins pages may connect to besides their own (the CSP's connect-src), e.g. the object store uploads go to. */
  connectSources?: string[];
  /** The JSON body of a 4xx answer that has none, by status. */
  errorBody?: (status: number) => string;
  /** The JSON body of the 500 answered when a route throws (logged at error level; whatwg-node would answer the stack). */
  unexpectedBody: string;
}

/** A route's failure: logged with its stack, answered 500 with the masked body only. */
function routeFailed(hook: OnRequestPayload, log: Logger, body: string, error: unknown): void {
  log.error('unexpected error', { error, path: hook.url.pathname });
  hook.endResponse(new hook.fetchAPI.Response(body, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' } }));
}

/** The router plugin. */
export function useRouter(options: RouterOptions): Plugin {
  const { log, fallback, errorBody, unexpectedBody } = options;
  const checkParams = options.checkParams ?? [];
  const exact = new Map(Object.entries(options.exact ?? {}));
  const prefixes = Object.entries(options.prefixes ?? {});
  const headers = responseHeaders({ secure: options.secure, connectSources: options.connectSources });
  return {
    // Synchronous unless the matched route is async: no promise on the GraphQL path.
    onRequest(hook) {
      requestState(hook.request).start = performance.now();
      const path = hook.url.pathname;
      let route = exact.get(path);
      for (let i = 0; !route && i < prefixes.length; i++) if (path.startsWith(prefixes[i][0])) route = prefixes[i][1];
      route ??= fallback;
      if (!route) return;
      // A route that throws answers a masked 500 (whatwg-node's own answer would carry the stack).
      try {
        const result = route(hook);
        return result ? result.catch((error: unknown) => routeFailed(hook, log, unexpectedBody, error)) : undefined;
      } catch (error) {
        routeFailed(hook, log, unexpectedBody, error);
      }
    },
    // onParams (not onExecute: an execute hook makes envelop wrap every execution).
    onParams(payload) {
      noteOperation(payload.request, payload.params);
      for (let i = 0; i < checkParams.length; i++) checkParams[i](payload);
    },
    onResponse({ request, response, setResponse, fetchAPI }) {
      if (response.status >= 400 && response.status < 500 && response.body === null && errorBody) {
        const headers = new fetchAPI.Headers(response.headers);
        headers.set('content-type', 'application/json; charset=utf-8');
        response = new fetchAPI.Response(errorBody(response.status), { status: response.status, statusText: response.statusText, headers });
        setResponse(response);
      }
      logRequestLine(log, request, response);
      headers(request, response);
    },
  };
}
