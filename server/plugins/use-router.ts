/**
 * The HTTP side of every request in one plugin, so yoga runs one hook per phase instead of one per
 * feature (every hook call costs whatwg-node and envelop a payload, closures and promise-like
 * objects; with a hook per feature that was most of what this server added to a plain yoga request).
 *
 * - onRequest: notes the request's arrival (its id and start time, requestState.ts), then ONE
 *   dispatch on the path: an exact route (health, dev mailbox, the GraphQL endpoint's CSRF check),
 *   else a prefix route (`/files/`), else the fallback (the static site). Only the matched handler
 *   runs; a handler that does not end the response leaves the request to GraphQL.
 * - onParams: notes the operation name for the log line, then the parameter check (persisted
 *   operations in production; none otherwise).
 * - onResponse: the request's log line (queued, formatted off the request path), then the queued
 *   cookies and security headers.
 * @example
 * useRouter({ log, secure: true, exact: { '/healthz': h, '/graphql': csrfCheck }, prefixes: { '/files/': f }, fallback: site });
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
  /** Runs on every operation's parameters after the name is noted; throws to refuse. */
  checkParams?: (payload: OnParamsPayload) => void;
  /** Origins pages may connect to besides their own (the CSP's connect-src), e.g. the object store uploads go to. */
  connectSources?: string[];
}

/** The router plugin. */
export function useRouter(options: RouterOptions): Plugin {
  const { log, fallback, checkParams } = options;
  const exact = new Map(Object.entries(options.exact ?? {}));
  const prefixes = Object.entries(options.prefixes ?? {});
  const headers = responseHeaders({ secure: options.secure, connectSources: options.connectSources });
  return {
    // Synchronous unless the matched route is async: no promise on the GraphQL path.
    onRequest(hook) {
      requestState(hook.request).start = performance.now();
      const path = hook.url.pathname;
      const route = exact.get(path);
      if (route) return route(hook);
      for (let i = 0; i < prefixes.length; i++) if (path.startsWith(prefixes[i][0])) return prefixes[i][1](hook);
      if (fallback) return fallback(hook);
    },
    // onParams (not onExecute: an execute hook makes envelop wrap every execution).
    onParams(payload) {
      noteOperation(payload.request, payload.params);
      if (checkParams) checkParams(payload);
    },
    onResponse({ request, response }) {
      logRequestLine(log, request, response);
      headers(request, response);
    },
  };
}
