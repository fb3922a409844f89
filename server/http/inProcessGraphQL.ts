/**
 * The server's calls to its own GraphQL endpoint, answered in-process: a server render's loads (as an anonymous browser
 * of the Host would send them, or a signed-in visitor's with their session cookie) and a posted form's calls (as the posting visitor's browser would: their cookies and
 * address, so rate limits and failure counting hold).
 */
import type { GraphQLResult } from '../../runtime/core/serverRender';
import type { NodeServerContext } from '../limits';
import type { RouteRequest } from '../plugins/route';

/** What the calls need of the yoga instance (created after the routes that call it: hence a getter). */
interface GraphQLFetch {
  fetch(url: string, init: RequestInit, serverContext?: Record<string, unknown>): Response | Promise<Response>;
}

/** The answer's `field`, or an error with GraphQL's first message. */
async function fieldOf(response: Response, field: string): Promise<unknown> {
  const answer = (await response.json()) as { data?: Record<string, unknown> | null; errors?: { message: string }[] };
  if (answer.errors?.length || !answer.data) throw new Error(answer.errors?.[0]?.message ?? `GraphQL answered ${response.status}`);
  return answer.data[field];
}

/** The two in-process callers over `yoga()` (the app) and its endpoint path. */
export function inProcessGraphQL(yoga: () => GraphQLFetch, endpoint: string) {
  return {
    /** A server render's load: the operation as an anonymous browser of `host` would send it. */
    async own(host: string, document: string, field: string, variables: Record<string, unknown>): Promise<unknown> {
      const response = await yoga().fetch(`http://${host}${endpoint}`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: document, variables }),
      });
      return fieldOf(response, field);
    },
    /**
     * A signed-in visitor's server render: the operation as their browser would send it with `cookie` (their session
     * cookie alone), the whole answer (errors included), so the API's authorisation is theirs.
     */
    async signedIn(host: string, cookie: string, document: string, variables: Record<string, unknown>): Promise<GraphQLResult> {
      const response = await yoga().fetch(`http://${host}${endpoint}`, {
        method: 'POST',
        headers: { host, cookie, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: document, variables }),
      });
      return (await response.json()) as GraphQLResult;
    },
    /** A posted form's call: the posting visitor's cookies and address (the Node request passed on); the cookies it sets are collected in `cookies`. */
    async visitor(hook: RouteRequest, document: string, field: string, variables: Record<string, unknown>, cookies: string[]): Promise<unknown> {
      const host = hook.request.headers.get('host') ?? hook.url.host;
      const headers = new Headers({ host, origin: `${hook.url.protocol}//${host}`, 'content-type': 'application/json', accept: 'application/json' });
      for (const name of ['cookie', 'x-forwarded-for', 'user-agent']) {
        const value = hook.request.headers.get(name);
        if (value !== null) headers.set(name, value);
      }
      // The Node request rides along (a context of its own): rate limits count the visitor's address, as for the app's requests.
      const { req } = hook.serverContext as NodeServerContext;
      const response = await yoga().fetch(`${hook.url.protocol}//${host}${endpoint}`, { method: 'POST', headers, body: JSON.stringify({ query: document, variables }) }, { req });
      cookies.push(...response.headers.getSetCookie());
      return fieldOf(response, field);
    },
  };
}
