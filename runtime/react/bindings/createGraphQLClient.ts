/**
 * The browser's one GraphQL client: Apollo Client with a normalised cache whose type policies and
 * no-cache operations come from the bundle (the SDL's non-null ID fields and `@noCache`, see runtime/node's
 * cachePolicy). Apollo is loaded by the first call that reads the cache (a cacheable query); until then a
 * call that neither reads nor fills it (a mutation, a `@noCache` query) is a plain POST, so a page whose
 * first action is a sign-in or a rate-book search does not load the cache's code for nothing. The answers a
 * server render fetched (`answers`) stand in for the cache until then: a cacheable query they answer is not sent.
 */
import type { ApolloClient, TypePolicies } from '@apollo/client';
import type { RuntimeBundle } from '../../core/bundle';
import { loadKey } from '../RuntimeContext';

/**
 * Thrown when a binding's GraphQL call fails; `message` is the first GraphQL error (spec: only the first
 * is kept), empty when the call failed without one (network, HTTP): the error dialog then shows its
 * catalogue fallback (`runtime.error.fallback`).
 */
export class BindingError extends Error {
  constructor(public readonly operation: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BindingError';
  }
}

/** Runs the flows' bindings (`call:` effects, step `load:`s) by name. */
export interface GraphQLClient {
  /** Sends binding `name` with `variables`; answers the operation's result field or throws a {@link BindingError}. */
  call(name: string, variables: Record<string, unknown>): Promise<unknown>;
}

/** Where the client sends its requests. */
export interface GraphQLClientOptions {
  /** The GraphQL endpoint. */
  uri: string;
  /** The fetch implementation (default: the global one). */
  fetch?: typeof fetch;
  /**
   * Answers already fetched, keyed by {@link loadKey} (a server render's loads, from the page's hydration data): a
   * cacheable query with the same variables is answered from them, as a cache would, until a mutation (which may
   * change what they say) or the first query they do not answer (which loads the cache proper).
   */
  answers?: Record<string, unknown>;
}

/** A document whose operation is a mutation (the bundle's documents are one named operation each). */
const MUTATION = /^\s*mutation\b/;

/** A GraphQL response body as the server sends it. */
export interface GraphQLAnswer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/**
 * One GraphQL request as a plain same-origin POST, without Apollo: the parsed answer (errors included). Throws
 * when the request fails or the body is not JSON.
 * @example const answer = await postGraphQL('/graphql', { query: 'query user { user { id } }' });
 */
export async function postGraphQL(uri: string, body: { query: string; variables?: Record<string, unknown>; operationName?: string }, fetchImpl: typeof fetch = fetch): Promise<GraphQLAnswer> {
  const response = await fetchImpl(uri, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as GraphQLAnswer;
}

/** One binding as a plain POST: its result field, or a {@link BindingError} as Apollo's path throws it. */
async function post(options: GraphQLClientOptions, name: string, query: string, variables: Record<string, unknown>): Promise<unknown> {
  let answer: GraphQLAnswer;
  try {
    answer = await postGraphQL(options.uri, { operationName: name, query, variables }, options.fetch);
  } catch (err) {
    throw new BindingError(name, '', { cause: err });
  }
  const first = answer.errors?.[0]?.message;
  if (first !== undefined) throw new BindingError(name, first, { cause: answer.errors });
  if (!answer.data) throw new BindingError(name, '');
  return answer.data[name];
}

type Apollo = { client: ApolloClient; gql: typeof import('@apollo/client').gql };

/**
 * A client for one bundle's bindings. Queries are answered from the normalised cache once fetched
 * with the same variables, except the `@noCache` ones, which go to the network every time and are
 * never stored; mutations always go to the network and update cached objects by key.
 * @example const graphql = createGraphQLClient(bundle, { uri: '/graphql' }); await graphql.call('fetchCacheMakeModel', { searchFilters });
 */
export function createGraphQLClient(bundle: Pick<RuntimeBundle, 'operations' | 'graphqlCache'>, options: GraphQLClientOptions): GraphQLClient {
  const noCache = new Set(bundle.graphqlCache.noCache);
  let known: Record<string, unknown> | undefined = options.answers && { ...options.answers };
  let apollo: Promise<Apollo> | undefined;
  const load = () => (apollo ??= import('@apollo/client').then(({ ApolloClient, HttpLink, InMemoryCache, gql }) => {
    const typePolicies: TypePolicies = Object.fromEntries(Object.entries(bundle.graphqlCache.keyFields).map(([type, keyFields]) => [type, { keyFields }]));
    const link = new HttpLink({ uri: options.uri, ...(options.fetch ? { fetch: options.fetch } : {}) });
    return { client: new ApolloClient({ link, cache: new InMemoryCache({ typePolicies }) }), gql };
  }));

  return {
    async call(name, variables) {
      const document = bundle.operations[name];
      if (!document) throw new Error(`unknown operation '${name}'; known operations: ${Object.keys(bundle.operations).join(', ')}`);
      const mutation = MUTATION.test(document);
      const cacheable = !mutation && !noCache.has(name);
      if (cacheable && known) {
        const key = loadKey(name, JSON.stringify(variables));
        if (Object.hasOwn(known, key)) return known[key];
      }
      // A mutation may change what the served answers say; a query they do not answer loads the cache proper.
      if (mutation || cacheable) known = undefined;
      if (!apollo && !cacheable) return post(options, name, document, variables);
      const { client, gql } = await load();
      const query = gql(document);
      try {
        const result = mutation
          ? await client.mutate({ mutation: query, variables })
          : await client.query({ query, variables, fetchPolicy: cacheable ? 'cache-first' : 'no-cache' });
        if (result.error) throw result.error;
        const data = (result.data ?? {}) as Record<string, unknown>;
        return data[name];
      } catch (err) {
        const first = (err as { errors?: { message: string }[] }).errors?.[0]?.message;
        throw new BindingError(name, first ?? '', { cause: err });
      }
    },
  };
}
