/**
 * The check of every operation's parameters, before yoga's own (query a string, variables and
 * extensions objects): what yoga does not look at is refused here with a 400 (requestRefusal.ts).
 * - `operationName` is a string when stated.
 * - `variables` and `extensions` hold at most {@link PARAM_LIMITS} values, nested at most that deep,
 *   and no string (value or key) a database cannot store: NUL, or a lone UTF-16 surrogate.
 * - `extensions.persistedQuery`, when stated, is Apollo's `{ version: 1, sha256Hash: <64 hex> }`.
 * @example createYoga({ plugins: [requestParamsCheck(refuse)] })
 */
import type { Plugin } from 'graphql-yoga';
import type { RefuseRequest } from './requestRefusal';

/** Limits of the JSON a request states in `variables` and `extensions`. */
export const PARAM_LIMITS = {
  /** Deepest nesting of objects and arrays (the top-level object is 1). */
  maxDepth: 32,
  /** Values (objects, arrays, strings, numbers, ...) in all. */
  maxValues: 10_000,
};

const HASH = /^[0-9a-f]{64}$/;

/** NUL or a lone surrogate: PostgreSQL refuses both in text and in JSON. */
const unsafe = (s: string): boolean => s.includes('\u0000') || !(s as unknown as { isWellFormed(): boolean }).isWellFormed();

/** What is wrong with a JSON value, if anything (iterative: the depth is what is being checked). */
export function jsonProblem(root: unknown): string | undefined {
  const values: unknown[] = [root];
  const depths: number[] = [1];
  let count = 0;
  while (values.length > 0) {
    const value = values.pop();
    const depth = depths.pop() as number;
    if (++count > PARAM_LIMITS.maxValues) return `holds more than ${PARAM_LIMITS.maxValues} values`;
    if (typeof value === 'string') {
      if (unsafe(value)) return 'holds a string with NUL or a lone surrogate';
    } else if (value !== null && typeof value === 'object') {
      if (depth > PARAM_LIMITS.maxDepth) return `is nested deeper than ${PARAM_LIMITS.maxDepth}`;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          values.push(value[i]);
          depths.push(depth + 1);
        }
      } else {
        for (const key in value) {
          if (unsafe(key)) return 'holds a key with NUL or a lone surrogate';
          values.push((value as Record<string, unknown>)[key]);
          depths.push(depth + 1);
        }
      }
    }
  }
  return undefined;
}

/** What is wrong with an `extensions.persistedQuery`, if anything. */
function persistedQueryProblem(value: unknown): string | undefined {
  if (value == null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return 'extensions.persistedQuery must be an object';
  const { version, sha256Hash, ...rest } = value as Record<string, unknown>;
  if (version !== 1) return 'extensions.persistedQuery.version must be 1';
  if (typeof sha256Hash !== 'string' || !HASH.test(sha256Hash)) return 'extensions.persistedQuery.sha256Hash must be 64 lower-case hex digits';
  if (Object.keys(rest).length > 0) return 'extensions.persistedQuery holds only version and sha256Hash';
  return undefined;
}

/** The plugin over one refusal factory. */
export function requestParamsCheck(refuse: RefuseRequest): Plugin {
  return {
    onParams({ params }) {
      const { operationName, variables, extensions } = params;
      if (operationName != null && typeof operationName !== 'string') throw refuse('operationName must be a string');
      if (variables != null && typeof variables === 'object') {
        const problem = jsonProblem(variables);
        if (problem) throw refuse(`variables ${problem}`);
      }
      if (extensions != null && typeof extensions === 'object') {
        const problem = jsonProblem(extensions) ?? persistedQueryProblem((extensions as { persistedQuery?: unknown }).persistedQuery);
        if (problem) throw refuse(problem.startsWith('extensions') ? problem : `extensions ${problem}`);
      }
    },
  };
}
