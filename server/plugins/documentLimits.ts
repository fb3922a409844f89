/**
 * Limits a GraphQL document's text must keep before it is parsed: graphql-js parses recursively (a
 * few thousand nested braces overflow the stack) and has no size limit of its own, and a string
 * literal holding NUL would reach the database. One pass of graphql's own lexer (iterative) checks
 * them; a syntax error is left to the parser to report.
 * @example const problem = documentProblem('{ a { b } }'); // undefined
 */
import { Lexer, Source, TokenKind } from 'graphql';

/** Limits of a document's text. */
export const DOCUMENT_LIMITS = {
  /** Tokens in all (the standard introspection query has about 200, the app's operations under 150). */
  maxTokens: 10_000,
  /** Deepest nesting of braces, parentheses and brackets together. */
  maxNesting: 32,
};

/** What is wrong with a document's text, if anything (undefined too when it does not lex: the parser reports that). */
export function documentProblem(text: string): string | undefined {
  const lexer = new Lexer(new Source(text));
  let tokens = 0;
  let nesting = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (++tokens > DOCUMENT_LIMITS.maxTokens) return `the document has more than ${DOCUMENT_LIMITS.maxTokens} tokens`;
      switch (token.kind) {
        case TokenKind.BRACE_L:
        case TokenKind.PAREN_L:
        case TokenKind.BRACKET_L:
          if (++nesting > DOCUMENT_LIMITS.maxNesting) return `the document nests deeper than ${DOCUMENT_LIMITS.maxNesting}`;
          break;
        case TokenKind.BRACE_R:
        case TokenKind.PAREN_R:
        case TokenKind.BRACKET_R:
          nesting--;
          break;
        case TokenKind.STRING:
        case TokenKind.BLOCK_STRING:
          if (token.value.includes('\u0000')) return 'a string in the document holds NUL';
          break;
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}
