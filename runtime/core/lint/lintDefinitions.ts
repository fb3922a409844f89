import type { DefinitionError, DefinitionSet } from '../types';
import { collectReferences } from './collectReferences';
import { checkNames, type KnownNames } from './checkNames';
import { checkReachability } from './checkReachability';
import { checkLogicPaths } from './checkLogicPaths';
import { checkMessageOverrides, checkMessages } from './checkMessages';
import { checkPlaceholders } from './checkPlaceholders';
import { checkLayerKeys } from './checkLayerKeys';
import { checkFormFields } from './checkFormFields';
import { checkThenChains } from './checkThenChains';
import { checkOnError } from './checkOnError';
import { checkClientOnly } from './checkClientOnly';
import { checkMappings } from './checkMappings';
import { checkRecordEffects } from './checkRecordEffects';
import { checkBindings, type GraphqlShapes } from './checkBindings';
import { checkLayerIds, checkSettings, servedCombinations } from './checkSettings';
import { checkSchemaPatches, checkSchemas } from './checkSchemas';
import { checkVersions } from './checkVersions';
import { checkEnumValues } from './checkEnumValues';
import { checkHiddenRequired } from './checkHiddenRequired';
import { checkRoutes } from './checkRoutes';
import { withLayerCache } from './lintLayers';

/** Options of {@link lintDefinitions}. */
export interface LintOptions extends KnownNames {
  /** Layer selections to check message keys for; default: every combination of the layer files present that some file serves ({@link servedCombinations}). */
  selections?: Record<string, string>[];
  /** The GraphQL API's argument shapes, to check binding variables against (undefined: not checked). */
  graphql?: GraphqlShapes;
  /**
   * `layers`: only the checks a layer's texts and settings can change (message keys, overrides and placeholders, layer
   * keys, settings and layer ids): a quick lint of an edit to a layer file before it is saved. Default: every check.
   */
  scope?: 'all' | 'layers';
}

/** Findings and notes (checks skipped and why). */
export interface LintResult {
  findings: DefinitionError[];
  notes: string[];
}

/**
 * Lint a loaded definition set beyond what loading checks: dangling names (widgets, effects,
 * operations, formats, logic operations), unreachable steps, `var` paths, message keys per layer
 * combination, placeholders nothing fills (settings no layer sets, names a block does not supply), nested layer
 * names, form field names (uiSchema keys, overrides, rules), `then` chains (cycles, unhandled events), mapping
 * fields against the schemas or page state of both sides, published steps, statuses and record fields
 * removed or renamed without a migration (`checkVersions`), `clientOnly` blocks with a `visibleWhen` or inside another,
 * literals no enum allows, hidden required fields, message overrides of no key, page steps one route cannot tell apart.
 * @example const { findings } = lintDefinitions(defs, { operations: ['saveItem'] });
 */
export function lintDefinitions(defs: DefinitionSet, options: LintOptions = {}): LintResult {
  // Each selection's layers are merged once for all the checks.
  return withLayerCache(defs, () => lint(defs, options));
}

function lint(defs: DefinitionSet, options: LintOptions): LintResult {
  const notes: string[] = [];
  if (!options.operations) notes.push('GraphQL operation names not checked: no operation list given');
  if (!defs.manifest) notes.push('no extension manifest: every widget, effect and added logic operation will be reported');
  const references = collectReferences(defs);
  const selections = options.selections ?? servedCombinations(defs);
  // What a layer (texts, settings) can get wrong: the whole of a 'layers' lint, part of a full one (sorted below).
  const layerFindings = [
    ...checkMessages(defs, references, selections),
    ...checkMessageOverrides(defs, references, selections),
    ...checkPlaceholders(defs, references, selections),
    ...checkLayerKeys(defs),
    ...checkSettings(defs),
    ...checkLayerIds(defs),
  ];
  const findings = options.scope === 'layers' ? layerFindings : [
    ...layerFindings,
    ...checkNames(defs, references, options),
    ...checkReachability(defs),
    ...checkLogicPaths(defs, references, selections),
    ...checkFormFields(defs),
    ...checkThenChains(defs),
    ...checkOnError(defs),
    ...checkClientOnly(defs),
    ...checkMappings(defs),
    ...checkRecordEffects(defs),
    ...checkSchemas(defs, selections),
    ...checkSchemaPatches(defs),
    ...checkBindings(defs, options.graphql),
    ...checkVersions(defs),
    ...checkEnumValues(defs, selections),
    ...checkHiddenRequired(defs, selections),
    ...checkRoutes(defs),
  ];
  findings.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
  // One finding per place and problem (a YAML alias or a fragment repeats the same expression).
  const seen = new Set<string>();
  const unique = findings.filter((f) => {
    const key = `${f.file}\0${f.line}\0${f.column}\0${f.message}`;
    return !seen.has(key) && !!seen.add(key);
  });
  return { findings: unique, notes };
}
