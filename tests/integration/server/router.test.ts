/**
 * server/plugins/route.ts: the routes the server answers before GraphQL run in their list's order from
 * one onRequest hook; a matching route answers (returns a response) or passes the request on (returns
 * nothing: to the next matching route, then to GraphQL), synchronously or not; the path is matched
 * without the query.
 */
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../server/log';
import { pathOf, route, routeFailure, router, type Route } from '../../../server/plugins/route';

const text = (body: string) => ({ fetchAPI }: Parameters<Route['handle']>[0]) => new fetchAPI.Response(body);

function app(routes: Route[]) {
  const lines: string[] = [];
  const yoga = createYoga({
    logging: false,
    schema: createSchema({ typeDefs: 'type Query { a: Int }', resolvers: { Query: { a: () => 1 } } }),
    plugins: [router(routes, routeFailure(createLogger('error', {}, (line) => lines.push(line)), '{"errors":[]}'))],
  });
  return { yoga, lines, get: async (path: string) => (await yoga.fetch(`http://au.localhost${path}`)).text() };
}

describe('router', () => {
  it('the first matching route that answers wins; a route passing on leaves it to the next, then to GraphQL', async () => {
    const seen: string[] = [];
    const { get } = app([
      route('gate', (path) => path.startsWith('/x'), ({ request }) => void seen.push(`gate ${new URL(request.url).search}`)),
      route('slow gate', (path) => path === '/x/async', async () => void seen.push('slow gate')),
      route('x', (path) => path.startsWith('/x'), text('x')),
      route('never', (path) => path.startsWith('/x'), text('never')),
    ]);
    expect(await get('/x/async?q=1')).toBe('x');
    expect(seen).toEqual(['gate ?q=1', 'slow gate']);
    expect(await get('/x')).toBe('x');
    expect(JSON.parse(await get('/graphql?query={a}'))).toEqual({ data: { a: 1 } });
  });

  it('an asynchronous answer ends the request; a route that throws or rejects answers the masked 500 and is logged', async () => {
    const { yoga, get, lines } = app([
      route('async', (path) => path === '/async', async ({ fetchAPI }) => new fetchAPI.Response('later')),
      route('sync boom', (path) => path === '/boom', () => { throw new Error('sync secret'); }),
      route('async boom', (path) => path === '/boom-later', async () => { throw new Error('async secret'); }),
      route('after', () => true, text('after')),
    ]);
    expect(await get('/async')).toBe('later');
    for (const path of ['/boom', '/boom-later']) {
      const answer = await yoga.fetch(`http://au.localhost${path}`);
      expect(answer.status).toBe(500);
      expect(await answer.text()).toBe('{"errors":[]}');
    }
    expect(lines.map((l) => JSON.parse(l).error.message)).toEqual(['sync secret', 'async secret']);
  });

  it('matches the path of the URL, without query or fragment', () => {
    expect(pathOf('http://h:1/a/b?c=/d#e')).toBe('/a/b');
    expect(pathOf('http://h/a#b?c')).toBe('/a');
    expect(pathOf('http://h')).toBe('/');
    expect(pathOf('https://h/%2Fgraphql')).toBe('/%2Fgraphql');
  });
});
