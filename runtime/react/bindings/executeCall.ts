import type { ApolloClient } from '@apollo/client';

type Apollo = { client: ApolloClient; gql: typeof import('@apollo/client').gql };
let clientPromise: Promise<Apollo> | undefined;
let clientUri = '';

/** The Apollo client, created on the first binding call (Apollo is loaded lazily, not on first paint). */
async function client(uri: string): Promise<Apollo> {
  if (!clientPromise || clientUri !== uri) {
    clientUri = uri;
    clientPromise = import('@apollo/client').then(({ ApolloClient, HttpLink, InMemoryCache, gql }) =>
      ({ client: new ApolloClient({ link: new HttpLink({ uri }), cache: new InMemoryCache() }), gql }));
  }
  return clientPromise;
}

/** Thrown when a binding's GraphQL call fails; `message` is the first GraphQL error (spec: only the first is kept). */
export class BindingError extends Error {
  constructor(public readonly operation: string, message: string) {
    super(message);
    this.name = 'BindingError';
  }
}

/**
 * Executes a named GraphQL binding through Apollo Client and returns the operation's result field.
 * @example await executeCall('/graphql', 'saveThing', 'mutation saveThing($input: ThingInput!) { saveThing(input: $input) { status } }', { input })
 */
export async function executeCall(uri: string, name: string, document: string, variables: Record<string, unknown>): Promise<unknown> {
  const { client: apollo, gql } = await client(uri);
  const query = gql(document);
  const isMutation = query.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation');
  try {
    const result = isMutation
      ? await apollo.mutate({ mutation: query, variables })
      : await apollo.query({ query, variables, fetchPolicy: 'no-cache' });
    if (result.error) throw result.error;
    const data = (result.data ?? {}) as Record<string, unknown>;
    return data[name];
  } catch (err) {
    const first = (err as { errors?: { message: string }[] }).errors?.[0]?.message;
    throw new BindingError(name, first ?? (err instanceof Error ? err.message : 'Error'));
  }
}
