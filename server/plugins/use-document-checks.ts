/**
 * The document phases of every operation in one plugin (yoga runs every hook of every plugin per
 * request, each with its own payload and closures):
 * - parse: the text must keep DOCUMENT_LIMITS (documentLimits.ts), else a 400 refusal before
 *   graphql-js parses it (yoga caches parsed documents, so this runs once per distinct text);
 * - validate: an operation type the schema lacks is invalid ({@link knownOperationTypeRule}), then the
 *   extra rules, in order (results cached per document by yoga); a failed validation answers 400
 *   whatever the response type (yoga answers 200 to `application/json` clients).
 * @example useDocumentChecks({ rules: [noIntrospectionRule, operationLimitsRule(DEFAULT_LIMITS)], refuse })
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

/** The plugin: `rules` are added to every validation, `refuse` builds the parse refusals. */
export function useDocumentChecks(options: { rules: readonly ValidationRule[]; refuse: RefuseRequest }): Plugin {
  const { rules, refuse } = options;
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
      for (let i = 0; i < rules.length; i++) addValidationRule(rules[i]);
      return afterValidate;
    },
  };
}
