import { buildASTSchema, parse } from 'graphql';
import { createSchema, createYoga } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { cachePolicy, operationDocument } from '../../../runtime/node';
import { BindingError, createGraphQLClient, loadKey } from '../../../runtime/react';

/** A small API: one cached query, one `@noCache` query, a mutation answering a keyed object. */
const SDL = /* GraphQL */ `
  directive @noCache on FIELD_DEFINITION
  type Make { id: ID!, name: String! }
  type Quote { price: Int!, at: Int! }
  type Query {
    makes(country: String!): [Make!]!
    quote(amount: Int!): Quote! @noCache
  }
  type Mutation { renameMake(id: ID!, name: String!): Make! }
`;

/** A real yoga server answering in-process; `sent` counts the requests that reached it, by operation. */
function server() {
  const names: Record<string, string> = { m1: 'ACME' };
  let clock = 0;
  const yoga = createYoga({
    schema: createSchema({
      typeDefs: SDL,
      resolvers: {
        Query: {
          makes: () => Object.entries(names).map(([id, name]) => ({ id, name })),
          quote: (_: unknown, { amount }: { amount: number }) => ({ price: amount * 2, at: ++clock }),
        },
        Mutation: { renameMake: (_: unknown, { id, name }: { id: string; name: string }) => ((names[id] = name), { id, name }) },
      },
    }),
    logging: false,
  });
  const sent: string[] = [];
  const documents: string[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    documents.push((JSON.parse(String(init?.body)) as { query: string }).query);
    sent.push((JSON.parse(String(init?.body)) as { operationName?: string; query: string }).query.match(/^(\w+) (\w+)/)?.[2] ?? '?');
    return yoga.fetch(new Request(String(input), init));
  }) as typeof fetch;
  return { fetch: fetchFn, sent, documents };
}

function bundleFor(operations: string[]) {
  const schema = buildASTSchema(parse(SDL));
  return {
    operations: Object.fromEntries(operations.map((name) => [name, operationDocument(schema, name) as string])),
    graphqlCache: cachePolicy([schema], operations),
  };
}

describe('GraphQL client', () => {
  const bundle = bundleFor(['makes', 'quote', 'renameMake']);

  it('derives the policy from the SDL: @noCache operations and key fields from non-null IDs', () => {
    expect(bundle.graphqlCache).toEqual({ noCache: ['quote'], keyFields: { Make: ['id'], Quote: false } });
  });

  it('answers a cached query from the cache, and a @noCache one from the network every time', async () => {
    const api = server();
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch });
    const first = await graphql.call('makes', { country: 'AU' });
    expect(await graphql.call('makes', { country: 'AU' })).toEqual(first);
    expect(api.sent).toEqual(['makes']);
    await graphql.call('makes', { country: 'NZ' });
    expect(api.sent).toEqual(['makes', 'makes']);

    const a = await graphql.call('quote', { amount: 5 });
    const b = await graphql.call('quote', { amount: 5 });
    expect(a).toMatchObject({ price: 10, at: 1 });
    expect(b).toMatchObject({ price: 10, at: 2 });
    expect(api.sent).toEqual(['makes', 'makes', 'quote', 'quote']);
  });

  it('a mutation goes to the network and updates the cached object of the same key', async () => {
    const api = server();
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch });
    expect(await graphql.call('makes', { country: 'AU' })).toEqual([expect.objectContaining({ id: 'm1', name: 'ACME' })]);
    await graphql.call('renameMake', { id: 'm1', name: 'ACME MOTORS' });
    expect(await graphql.call('makes', { country: 'AU' })).toEqual([expect.objectContaining({ id: 'm1', name: 'ACME MOTORS' })]);
    expect(api.sent).toEqual(['makes', 'renameMake']);
  });

  it('until a cacheable query loads the cache, a mutation and a @noCache query are plain POSTs with the same answers and errors', async () => {
    const api = server();
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch });
    expect(await graphql.call('renameMake', { id: 'm1', name: 'ACME' })).toEqual({ id: 'm1', name: 'ACME' });
    expect(await graphql.call('quote', { amount: 3 })).toEqual({ price: 6, at: 1 });
    const refused = await graphql.call('quote', { amount: 'x' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BindingError);
    expect((refused as BindingError).message).toMatch(/Int cannot represent non-integer value: "x"/);
    // The documents as the bundle has them: Apollo (which adds __typename to every selection) never ran.
    expect(api.documents.every((d) => !d.includes('__typename'))).toBe(true);
    // The first cacheable query loads the cache; from then on every call goes through it.
    await graphql.call('makes', { country: 'AU' });
    await graphql.call('renameMake', { id: 'm1', name: 'ACME MOTORS' });
    expect(await graphql.call('makes', { country: 'AU' })).toEqual([expect.objectContaining({ id: 'm1', name: 'ACME MOTORS' })]);
    expect(api.documents.slice(3).every((d) => d.includes('__typename'))).toBe(true);
    expect(api.sent).toEqual(['renameMake', 'quote', 'quote', 'makes', 'renameMake']);
  });

  it('a network failure before the cache is loaded is a BindingError without a message (the catalogue fallback shows)', async () => {
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: (async () => { throw new TypeError('Failed to fetch'); }) as typeof fetch });
    const refused = await graphql.call('renameMake', { id: 'm1', name: 'X' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BindingError);
    expect((refused as BindingError).message).toBe('');
  });

  it('a server render\'s answers answer a cacheable query with the same variables until a mutation or a query they do not answer', async () => {
    const api = server();
    const served = [{ id: 'm1', name: 'SERVED' }];
    const answers = { [loadKey('makes', JSON.stringify({ country: 'AU' }))]: served, [loadKey('quote', JSON.stringify({ amount: 1 }))]: { price: 0, at: 0 } };
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch, answers });
    expect(await graphql.call('makes', { country: 'AU' })).toBe(served);
    // A @noCache query always asks the server, even for an answer the render had.
    expect(await graphql.call('quote', { amount: 1 })).toEqual({ price: 2, at: 1 });
    expect(api.sent).toEqual(['quote']);
    await graphql.call('renameMake', { id: 'm1', name: 'RENAMED' });
    // After a mutation the served answer may be stale: the query goes to the server.
    expect(await graphql.call('makes', { country: 'AU' })).toEqual([expect.objectContaining({ id: 'm1', name: 'RENAMED' })]);
    expect(api.sent).toEqual(['quote', 'renameMake', 'makes']);

    const other = server();
    const fresh = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: other.fetch, answers });
    await fresh.call('makes', { country: 'NZ' });
    // A query they did not answer loaded the cache proper: the served answers are no longer used.
    await fresh.call('makes', { country: 'AU' });
    expect(other.sent).toEqual(['makes', 'makes']);
  });

  it('two clients share nothing', async () => {
    const api = server();
    await createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch }).call('makes', { country: 'AU' });
    await createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch }).call('makes', { country: 'AU' });
    expect(api.sent).toEqual(['makes', 'makes']);
  });

  it('an unknown binding or a GraphQL error surfaces as an error naming it', async () => {
    const api = server();
    const graphql = createGraphQLClient(bundle, { uri: 'http://api.test/graphql', fetch: api.fetch });
    await expect(graphql.call('nothing', {})).rejects.toThrow(/unknown operation 'nothing'; known operations: makes, quote, renameMake/);
    await expect(graphql.call('quote', { amount: 'x' })).rejects.toBeInstanceOf(BindingError);
  });
});
