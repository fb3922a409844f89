/**
 * Unexpected errors are logged with their stack and leave with the catalogue's text only. An error stating an HTTP
 * status gets it settled (plugins/documentChecks.ts): a GraphQL request error (parse, validation, variables) answers as
 * the GraphQL-over-HTTP spec has it, a malformed request its 4xx to every client; neither carries the parser's message
 * about the client's bytes.
 */
import { maskError } from 'graphql-yoga';
import type { Logger } from '../log';
import { settleHttpStatus } from '../plugins/documentChecks';
import { isGraphQLError } from '../plugins/requestRefusal';

/** yoga's `maskedErrors` option: `message` (the catalogue's `api.error.UNEXPECTED`) for every unexpected error, logged. */
export function maskedErrors(log: Logger, message: string) {
  return {
    isDev: false,
    errorMessage: message,
    maskError(error: unknown, text: string) {
      if (isGraphQLError(error) && error.extensions.http) {
        settleHttpStatus(error);
        delete (error.extensions as Record<string, unknown>).originalError;
      }
      const masked = maskError(error, text, false);
      if (masked !== error) log.error({ error: (error as { originalError?: unknown }).originalError ?? error }, 'unexpected error');
      return masked;
    },
  };
}
