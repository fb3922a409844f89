/**
 * API errors as a user may see them. A resolver (or server/enforce) states a code and a developer's
 * reason; the access wrapper turns every error of a catalogued code into a GraphQL error whose
 * `message` is the catalogue text `api.error.<code>` (messages/api.yaml, overridable per region and
 * brand) for the request's brand, with the reason kept in `extensions.reason` for developers and logs.
 * @example
 * throw apiError('FORBIDDEN', 'userId must be your own id'); // the client sees 'You do not have access to this application.'
 */
import type { GraphQLError } from 'graphql';
import { createGraphQLError } from 'graphql-yoga';
import type { ServerContext } from '../context';
import { EnforceError, HTTP_STATUS, type EnforceCode } from '../enforce';
import { FILE_REFUSAL_CODES } from '../files/fileRefused';

/** The codes a resolver answers besides the enforcement's (server/enforce) and the file service's (server/files). */
const OTHER_CODES = [
  'CAPABILITY_UNAVAILABLE',
  // Too many requests from one client or for one e-mail address (server/limits).
  'RATE_LIMITED',
  // Catalogue searches (server/catalogue).
  'INVALID_FILTER',
  // An address provider that cannot answer (server/address).
  'ADDRESS_UNAVAILABLE',
  // A shortlist over the calculator's limit (server/graphql/resolvers/shortlists.ts).
  'SHORTLIST_LIMIT',
] as const;

/** Every code an API error may carry; each has its catalogue text `api.error.<code>` (a test checks the catalogue). */
export type ApiErrorCode = EnforceCode | (typeof FILE_REFUSAL_CODES)[number] | (typeof OTHER_CODES)[number];

/** The codes whose message comes from the catalogue: all of them, listed once (the unions above). */
export const CATALOGUED_CODES: ReadonlySet<string> = new Set<ApiErrorCode>([...(Object.keys(HTTP_STATUS) as EnforceCode[]), ...FILE_REFUSAL_CODES, ...OTHER_CODES]);

/** Catalogue key of a code's text. */
export const messageKeyOf = (code: string): string => `api.error.${code}`;

/**
 * A typed GraphQL error with `extensions.code` (and details). For a catalogued code `message` is the
 * developer's reason (the user sees the catalogue text); `details.messageKey` picks a more specific text.
 */
export function apiError(code: ApiErrorCode, message: string, details: Record<string, unknown> = {}): GraphQLError {
  // yoga's factory: its error class is the one masking recognises (graphql may be loaded twice, ESM and CJS).
  return createGraphQLError(message, { extensions: { code, ...details } });
}

/** The typed "not yet" answer of an operation whose provider is not installed. */
export function capabilityUnavailable(capability: string, operation: string): GraphQLError {
  return apiError('CAPABILITY_UNAVAILABLE', `${operation} needs the '${capability}' capability, which is not installed on this server yet`, { capability, operation });
}

/** Code, reason and details of an error a resolver threw, when it is an API error. */
function partsOf(e: unknown): { code: string; reason: string; details: Record<string, unknown> } | undefined {
  if (e instanceof EnforceError) return { code: e.code, reason: e.message, details: e.details };
  if (e === null || typeof e !== 'object' || (e as Error).name !== 'GraphQLError') return undefined;
  const { code, ...details } = ((e as GraphQLError).extensions ?? {}) as Record<string, unknown>;
  // Already in user-facing form (a wrapper nested in another): keep it.
  if (typeof code !== 'string' || 'reason' in details) return undefined;
  return { code, reason: (e as Error).message, details };
}

/** The error as the client receives it: catalogue text for catalogued codes, anything else unchanged (unexpected errors are masked later). */
export function userFacing(e: unknown, ctx: ServerContext): unknown {
  const parts = partsOf(e);
  if (!parts || !CATALOGUED_CODES.has(parts.code)) return e;
  const messages = ctx.definitions.layers(ctx.brand.selection).messages;
  const wanted = typeof parts.details.messageKey === 'string' ? parts.details.messageKey : messageKeyOf(parts.code);
  const key = [wanted, messageKeyOf(parts.code), messageKeyOf('default')].find((k) => typeof messages[k] === 'string') ?? wanted;
  return createGraphQLError(messages[key] ?? key, { extensions: { ...parts.details, code: parts.code, messageKey: key, reason: parts.reason } });
}
