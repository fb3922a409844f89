/**
 * The checks of every operation's document:
 * - parse: the text must keep DOCUMENT_LIMITS (documentLimits.ts), else a 400 refusal before
 *   graphql-js parses it (yoga caches parsed documents, so this runs once per distinct text);
 * - validate: an operation type the schema lacks is invalid ({@link knownOperationTypeRule}); a failed
 *   validation (this rule's or any other plugin's: disableIntrospection, operationLimits) answers 400
 *   whatever the response type (yoga answers 200 to `application/json` clients).
 * @example createYoga({ plugins: [documentChecks({ refuse }), disableIntrospection(), operationLimits()] })
 */
import { GraphQLError, type ValidationRule } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { documentProblem } from './documentLimits';
import { isGraphQLError, type RefuseRequest } from './requestRefusal';

/** The HTTP extension yoga reads a GraphQL error's status from. */
interface HttpExtension {
  status?: number;
  /** Set: yoga answers 200 to an `application/json` client (the GraphQL-over-HTTP legacy rule). */
  spec?: boolean;
}

/** Make an error answer its 4xx to every client: no `spec` flag, status 400 unless it has one. */
export function answeredAs4xx(error: GraphQLError): void {
  const extensions = error.extensions as Record<string, unknown>;
  const http = (extensions.http ??= {}) as HttpExtension;
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
      context.reportError(new GraphQLError(`The schema has no ${node.operation} operations.`, { nodes: [node], extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
    }
  },
});

/** After validation (a function per server, not per request). */
function afterValidate({ valid, result }: { valid: boolean; result: readonly unknown[] }): void {
  if (valid) return;
  for (let i = 0; i < result.length; i++) if (isGraphQLError(result[i])) answeredAs4xx(result[i] as GraphQLError);
}

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
          if (problem) throw refuse(problem);
          return parse(source, parseOptions);
        };
      }
      setParseFn(checkedParse);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(knownOperationTypeRule);
      return afterValidate;
    },
  };
}
