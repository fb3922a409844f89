/**
 * The server's calls to its own GraphQL endpoint, answered in-process: a server render's loads (as an anonymous browser
 * of the Host would send them) and a posted form's calls (as the posting visitor's browser would: their cookies and
 * address, so rate limits and failure counting hold).
 */
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
