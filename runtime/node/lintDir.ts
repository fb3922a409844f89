import { join } from 'node:path';
import { lintDefinitions, type LintResult } from '../core/lint';
import type { DefinitionSet } from '../core/types';
import { loadDefinitionsFromDir } from './loadFromDisk';
import { graphqlOperations, graphqlShapes } from './graphqlSdl';

/** What {@link lintDir} returns: load errors and lint findings together, the notes, the loaded set. */
export interface LintDirResult extends LintResult {
  defs: DefinitionSet;
  /** The GraphQL folder read for operation names and argument types. */
  graphqlDir: string;
}

/**
 * Load and lint a definitions folder as `npm run lint:defs` does: load errors first, then every
 * lint finding; GraphQL operations and their argument types from the SDL under the config's `graphql`.
 * @example const { findings } = lintDir(process.cwd()); findings.map(formatError)
 */
export function lintDir(root: string, options: { widgets?: string[] } = {}): LintDirResult {
  const { defs, errors } = loadDefinitionsFromDir(root);
  const graphqlDir = join(root, defs.config.graphql ?? 'server/graphql');
  const { findings, notes } = lintDefinitions(defs, { operations: graphqlOperations(graphqlDir), graphql: graphqlShapes(graphqlDir), widgets: options.widgets });
  return { defs, graphqlDir, findings: [...errors, ...findings], notes };
}
