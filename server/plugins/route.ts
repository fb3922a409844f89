/**
 * The paths the server answers before GraphQL (health, dev mailbox, file URLs, the brand document,
 * the CSRF gate of /graphql, the static site): each is a named {@link Route}, and one yoga plugin,
 * {@link router}, runs them in the order of one list (server/app.ts). One onRequest hook for all of
 * them, not one plugin each: every onRequest hook costs whatwg-node a payload object and its closures
 * on every request, GraphQL's included (bench:graphql measured the difference; see bench/README.md).
 *
 * A route whose path matches either answers by returning (or resolving to) a Response, or returns
 * nothing, which passes the request on to the next matching route and then to GraphQL. The router
 * ends the request with the answer itself: a route never touches the hook's `endResponse` (storing a
 * closure of its own there, one per request, made V8 pretenure whatwg-node's per-request objects, so
 * every request's objects survived into the old generation: bench/README.md). A route that throws (or
 * rejects) is logged and answered a 500 with the masked JSON body, never the stack (whatwg-node's own
 * answer would carry it).
 * @example
 * const failed = routeFailure(log, unexpectedBody);
 * router([route('liveness', (path) => path === '/healthz', ({ fetchAPI }) => fetchAPI.Response.json({ status: 'ok' }))], failed);
 */
import type { Plugin } from 'graphql-yoga';
import type { Logger } from '../log';

/** What whatwg-node hands an onRequest hook. */
export type OnRequestPayload = Parameters<NonNullable<Plugin['onRequest']>>[0];
/** What a route sees of a request: the hook without `endResponse` (a route answers by returning its response). */
export type RouteRequest = Omit<OnRequestPayload, 'endResponse'>;
/** A route's answer: a response, or nothing to pass the request on (either may be a promise's). */
export type RouteAnswer = Response | void | Promise<Response | void>;
/** A route's work on a request to `path` (as matched). */
export type RouteHandler = (hook: RouteRequest, path: string) => RouteAnswer;
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
      let answer: RouteAnswer;
      try {
        answer = current.handle(hook, path);
      } catch (error) {
        return failed(hook, error);
      }
      if (answer === undefined) continue;
      if (!isPromise(answer)) return hook.endResponse(answer);
      return answer.then(
        (response) => (response === undefined ? runFrom(i + 1, hook, path) : hook.endResponse(response)),
        (error: unknown) => failed(hook, error),
      );
    }
  }
}

/** Whether a route's answer is still to come (a thenable, as `async` handlers return). */
const isPromise = (answer: Response | Promise<Response | void>): answer is Promise<Response | void> => typeof (answer as { then?: unknown }).then === 'function';
