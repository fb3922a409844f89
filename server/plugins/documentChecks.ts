/**
 * The checks of every operation's document, and the HTTP status of what GraphQL refuses:
 * - parse: the text must keep DOCUMENT_LIMITS (documentLimits.ts), else a refusal before graphql-js
 *   parses it (yoga caches parsed documents, so this runs once per distinct text);
 * - validate: an operation type the schema lacks is invalid ({@link knownOperationTypeRule});
 * - status: a document that fails to parse (or to keep the parse limits) or to validate (this rule or
 *   any other plugin's: disableIntrospection, operationLimits), and variables that fail coercion, are
 *   GraphQL request errors ({@link asRequestError}): as the GraphQL-over-HTTP spec has it, they answer
 *   400 to an `application/graphql-response+json` client and 200 (errors, no data) to an
 *   `application/json` one. A malformed HTTP request (unreadable body, bad parameters, no query, a
 *   method, type or Accept not served, an operation not persisted) answers its 4xx to every client
 *   ({@link settleHttpStatus}, from app.ts's maskError).
 * @example createYoga({ plugins: [documentChecks({ refuse }), disableIntrospection(), operationLimits()] })
 */
import type { ExecutionResult, GraphQLError, ValidationRule } from 'graphql';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { documentProblem } from './documentLimits';
import { isGraphQLError, type RefuseRequest } from './requestRefusal';

/** The HTTP extension yoga reads a GraphQL error's status from. */
interface HttpExtension {
  status?: number;
  /** Set: yoga answers 200 to an `application/json` client (the GraphQL-over-HTTP rule for request errors). */
  spec?: boolean;
}

/** The error's HTTP extension, created when it has none. */
const httpOf = (error: GraphQLError): HttpExtension => ((error.extensions as Record<string, unknown>).http ??= {}) as HttpExtension;

/** The GraphQL request errors, marked where they arise (parse, validation, variable coercion). */
const requestErrors = new WeakSet<GraphQLError>();

/**
 * Yoga's code of a document whose operation to run cannot be chosen (an unknown `operationName`, or
 * none for a document of several): also a GraphQL request error, raised in yoga's own parse hook.
 */
const OPERATION_RESOLUTION_FAILURE = 'OPERATION_RESOLUTION_FAILURE';

/**
 * Mark a GraphQL request error (the spec's term: a well-formed HTTP request whose document fails to
 * parse or validate, or whose variables fail coercion): 400 to an `application/graphql-response+json`
 * client, 200 to an `application/json` one (yoga's `spec` flag). Answers the error.
 */
export function asRequestError(error: GraphQLError): GraphQLError {
  const http = httpOf(error);
  http.spec = true;
  http.status ??= 400;
  requestErrors.add(error);
  return error;
}

/**
 * Settle the status of an error that states one, as it leaves (app.ts's maskError): a GraphQL request
 * error keeps the spec's answer ({@link asRequestError}); any other is a malformed request refused
 * before GraphQL and answers its 4xx (400 unless it has one) to every client, whatever yoga's own flag
 * said (yoga flags "no query" like a request error).
 */
export function settleHttpStatus(error: GraphQLError): void {
  if (requestErrors.has(error)) return;
  if (error.extensions.code === OPERATION_RESOLUTION_FAILURE) {
    asRequestError(error);
    return;
  }
  const http = httpOf(error);
  http.spec = false;
  http.status ??= 400;
}

/**
 * An operation of a type the schema has no root for (a subscription here) is invalid: graphql-js 16
 * only finds out when executing, and answers 200 without data.
 */
export const knownOperationTypeRule: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (!context.getSchema().getRootType(node.operation)) {
      context.reportError(createGraphQLError(`The schema has no ${node.operation} operations.`, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
    }
  },
});

/** After validation (a function per server, not per request): a failed validation's errors are request errors. */
function afterValidate({ valid, result }: { valid: boolean; result: readonly unknown[] }): void {
  if (valid) return;
  for (let i = 0; i < result.length; i++) if (isGraphQLError(result[i])) asRequestError(result[i] as GraphQLError);
}

/**
 * After execution (one object per server, not per request): a result without `data` is one whose
 * execution could not start, its variables failing coercion (graphql-js answers it with HTTP 400 for
 * every client): request errors.
 */
const executeDone = {
  onExecuteDone({ result }: { result: unknown }): void {
    const r = result as ExecutionResult;
    if (r === null || typeof r !== 'object' || 'data' in r || !Array.isArray(r.errors)) return;
    for (let i = 0; i < r.errors.length; i++) if (isGraphQLError(r.errors[i])) asRequestError(r.errors[i]);
  },
};

/** The plugin: `refuse` builds the parse refusals. */
export function documentChecks(options: { refuse: RefuseRequest }): Plugin {
  const { refuse } = options;
  // The engine's own parse (its errors are of the graphql copy yoga recognises), checked first; built
  // once per parse function, not per request.
  type ParseFn = Parameters<NonNullable<Plugin['onParse']>>[0]['parseFn'];
  let engineParse: ParseFn | undefined;
  let checkedParse: ParseFn | undefined;
  return {
    onParse({ parseFn, setParseFn }) {
      if (parseFn !== engineParse || !checkedParse) {
        const parse = parseFn;
        engineParse = parse;
        checkedParse = (source, parseOptions) => {
          const problem = documentProblem(typeof source === 'string' ? source : source.body);
          if (problem) throw asRequestError(refuse(problem));
          try {
            return parse(source, parseOptions);
          } catch (e) {
            if (isGraphQLError(e)) asRequestError(e);
            throw e;
          }
        };
      }
      setParseFn(checkedParse);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(knownOperationTypeRule);
      return afterValidate;
    },
    onExecute() {
      return executeDone;
    },
  };
}
