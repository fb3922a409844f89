import { join } from 'node:path';
import { loadDefinitions, type ParseCache } from '../core/load';
import { lintDefinitions, type LintResult } from '../core/lint';
import type { DefinitionSet } from '../core/types';
import { graphqlOperations, graphqlShapes } from './graphqlSdl';
import { readDefinitions } from './readDefinitions';

/** What {@link lintDir} returns: load errors and lint findings together, the notes, the loaded set. */
export interface LintDirResult extends LintResult {
  defs: DefinitionSet;
  /** The GraphQL folder read for operation names and argument types. */
  graphqlDir: string;
}

/** Options of {@link lintFiles}: the custom widgets, and a parse cache kept across calls (files whose text is unchanged are not parsed again). */
export interface LintFilesOptions {
  widgets?: string[];
  cache?: ParseCache;
}

/**
 * Load and lint a definition set given as `relative path -> text` (a folder read by `readDefinitions`, or one
 * changed in memory): load errors first, then every lint finding; GraphQL operations and their argument types from
 * the SDL under `root` and the config's `graphql`.
 * @example const { findings } = lintFiles({ ...readDefinitions('.'), 'flows/x.yaml': edited }, '.', { cache })
 */
export function lintFiles(files: Record<string, string>, root: string, options: LintFilesOptions = {}): LintDirResult {
  const { defs, errors } = loadDefinitions(files, { cache: options.cache });
  const graphqlDir = join(root, defs.config.graphql ?? 'server/graphql');
  const { findings, notes } = lintDefinitions(defs, { operations: graphqlOperations(graphqlDir), graphql: graphqlShapes(graphqlDir), widgets: options.widgets });
  return { defs, graphqlDir, findings: [...errors, ...findings], notes };
}

/**
 * Load and lint a definitions folder as `npm run lint:defs` does (see {@link lintFiles}).
 * @example const { findings } = lintDir(process.cwd()); findings.map(formatError)
 */
export function lintDir(root: string, options: LintFilesOptions = {}): LintDirResult {
  return lintFiles(readDefinitions(root), root, options);
}
