/**
 * A yoga plugin serving some paths itself (health, dev mailbox, file URLs, the static site): its
 * onRequest hook runs the handler when the path matches; a handler that does not end the response
 * leaves the request to the next plugin and GraphQL. A handler that throws (or rejects) is logged and
 * answered a 500 with the masked JSON body, never the stack (whatwg-node's own answer would carry it).
 * @example
 * const failed = routeFailure(log, unexpectedBody);
 * route((path) => path === '/healthz', ({ endResponse, fetchAPI }) => endResponse(fetchAPI.Response.json({ status: 'ok' })), failed);
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';

/** What whatwg-node hands an onRequest hook. */
export type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];
/** A route: ends the response to claim the request (may be async), or returns to leave it to GraphQL. */
export type RouteHandler = (hook: OnRequestPayload) => void | Promise<void>;
/** Answers a route's failure. */
export type RouteFailed = (hook: OnRequestPayload, error: unknown) => void;

/** A route's failure: logged with its stack, answered 500 with `body` only. */
export function routeFailure(log: Logger, body: string): RouteFailed {
  return (hook, error) => {
    log.error({ error, path: hook.url.pathname }, 'unexpected error');
    hook.endResponse(new hook.fetchAPI.Response(body, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' } }));
  };
}

/** The plugin: `handler` for every path `matches` accepts. Synchronous unless the handler is. */
export function route(matches: (path: string) => boolean, handler: RouteHandler, failed: RouteFailed): Plugin {
  return {
    onRequest(hook) {
      if (!matches(hook.url.pathname)) return;
      try {
        const result = handler(hook);
        return result ? result.catch((error: unknown) => failed(hook, error)) : undefined;
      } catch (error) {
        failed(hook, error);
      }
    },
  };
}
