/**
 * The paths the server answers before GraphQL (health, dev mailbox, file URLs, the brand document,
 * the CSRF gate of /graphql, the static site): each is a named {@link Route}, and one yoga plugin,
 * {@link router}, runs them in the order of one list (server/app.ts). One onRequest hook for all of
 * them, not one plugin each: every onRequest hook costs whatwg-node a payload object and its closures
 * on every request, GraphQL's included (bench:graphql measured the difference; see bench/README.md).
 *
 * A route whose path matches either answers (`endResponse`) or returns without answering, which passes
 * the request on to the next matching route and then to GraphQL. A route that throws (or rejects) is
 * logged and answered a 500 with the masked JSON body, never the stack (whatwg-node's own answer would
 * carry it).
 * @example
 * const failed = routeFailure(log, unexpectedBody);
 * router([route('liveness', (path) => path === '/healthz', ({ endResponse, fetchAPI }) => endResponse(fetchAPI.Response.json({ status: 'ok' })))], failed);
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';

/** What whatwg-node hands an onRequest hook. */
export type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];
/** A route's work on a request to `path` (as matched): ends the response to answer (may be async), or returns to pass it on. */
export type RouteHandler = (hook: OnRequestPayload, path: string) => void | Promise<void>;
/** Answers a route's failure. */
export type RouteFailed = (hook: OnRequestPayload, error: unknown) => void;

/** One concern answering some paths itself. */
export interface Route {
  /** What it serves, for people and tests (`app.routes` lists them in order). */
  name: string;
  /** Whether it looks at requests to `path` (the URL's path, not decoded). */
  matches(path: string): boolean;
  handle: RouteHandler;
}

/** A route. */
export function route(name: string, matches: (path: string) => boolean, handle: RouteHandler): Route {
  return { name, matches, handle };
}

/** A route's failure: logged with its stack, answered 500 with `body` only. */
export function routeFailure(log: Logger, body: string): RouteFailed {
  return (hook, error) => {
    log.error({ error, path: pathOf(hook.request.url) }, 'unexpected error');
    hook.endResponse(new hook.fetchAPI.Response(body, { status: 500, headers: { 'content-type': 'application/json; charset=utf-8' } }));
  };
}

/** The path of an absolute URL without building a URL object (every request pays for this). */
export function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const query = url.indexOf('?', start);
  const hash = url.indexOf('#', start);
  const end = query < 0 ? hash : hash < 0 ? query : Math.min(query, hash);
  return end < 0 ? url.slice(start) : url.slice(start, end);
}

/** The plugin running `routes` in order; synchronous unless a matching route is. */
export function router(routes: readonly Route[], failed: RouteFailed): Plugin {
  return {
    onRequest(hook) {
      return runFrom(0, hook, pathOf(hook.request.url));
    },
  };

  function runFrom(first: number, hook: OnRequestPayload, path: string): void | Promise<void> {
    for (let i = first; i < routes.length; i++) {
      const current = routes[i];
      if (!current.matches(path)) continue;
      // Whether the route answered: the hook is this request's own object, so its endResponse is
      // wrapped in place (a copy made with Object.create cost a new hidden class a request: GC, bench).
      const answer = hook.endResponse;
      let answered = false;
      hook.endResponse = (response) => {
        answered = true;
        answer(response);
      };
      let result: void | Promise<void>;
      try {
        result = current.handle(hook, path);
      } catch (error) {
        hook.endResponse = answer;
        return failed(hook, error);
      }
      if (result) {
        return result.then(
          () => {
            hook.endResponse = answer;
            return answered ? undefined : runFrom(i + 1, hook, path);
          },
          (error: unknown) => {
            hook.endResponse = answer;
            failed(hook, error);
          },
        );
      }
      hook.endResponse = answer;
      if (answered) return;
    }
  }
}
