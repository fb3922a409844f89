/**
 * The answer to a malformed request (unreadable body, wrongly typed or unsafe parameters, a document
 * over the parse limits, a method, type or Accept the endpoint does not serve): a 4xx GraphQL error
 * whose message is the catalogue text `api.error.BAD_REQUEST`, with `extensions.code` BAD_REQUEST and
 * the developer's reason in `extensions.reason`. Never a stack, a path or the request's bytes.
 * @example
 * const refuse = requestRefusal(definitions.message('api.error.BAD_REQUEST', brands.fallback.selection));
 * throw refuse('variables is not valid JSON');
 */
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';

/** Catalogue key of the refusal's text. */
export const BAD_REQUEST_KEY = 'api.error.BAD_REQUEST';

/** Builds the refusal of a malformed request: `reason` for developers, HTTP `status` (default 400). */
export type RefuseRequest = (reason: string, status?: number) => GraphQLError;

/** The refusal factory over the catalogue text `message`. */
export function requestRefusal(message: string): RefuseRequest {
  // yoga's factory: its error class is the one masking recognises (graphql may be loaded twice, ESM and CJS).
  return (reason, status = 400) => createGraphQLError(message, { extensions: { code: 'BAD_REQUEST', messageKey: BAD_REQUEST_KEY, reason, http: { status } } });
}

/** The JSON body of a refusal (for answers built outside GraphQL, e.g. a bodiless 4xx). */
export function refusalBody(error: GraphQLError): string {
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  return JSON.stringify({ errors: [{ message: error.message, extensions }] });
}

/** Whether a thrown value is a GraphQL error (by name: graphql may be loaded twice). */
export const isGraphQLError = (e: unknown): e is GraphQLError => e instanceof Error && e.name === 'GraphQLError';
