/**
 * Completion as a request the server decides (flows' step `completion`): a write that leaves a completion
 * flag at its value is accepted only when the step's sections are present, carry their required members
 * and pass the record schema, and none of its rules holds. A transition whose guard reads such a flag
 * checks the same again, so a guard never reads a flag whose sections changed since it was set.
 */
import { ANY_PATH, varPaths, type LogicInstance } from '../../runtime/core/logic';
import { validateForm } from '../../runtime/core/messages';
import { getPath } from '../../runtime/core/source/pointer';
import type { CompletionDef, DefinitionSet, Logic, LogicContext, ResolvedLayers } from '../../runtime/core/types';
import { refuse } from './errors';
import { flowsFor } from './journeys';
import { validatorAt } from './validateValue';

/** A completion with the flow and step that declare it. */
export interface DeclaredCompletion {
  flow: string;
  step: string;
  def: CompletionDef;
}

const declared = new WeakMap<DefinitionSet, Map<string, DeclaredCompletion[]>>();

/** Every completion of the flows governing an application type (cached per definition set). */
export function completionsFor(defs: DefinitionSet, applicationType: string): DeclaredCompletion[] {
  let byType = declared.get(defs);
  if (!byType) declared.set(defs, (byType = new Map()));
  let list = byType.get(applicationType);
  if (!list) {
    list = flowsFor(defs, applicationType).flatMap((flow) => Object.entries(flow.steps).flatMap(([step, def]) => (def.completion ?? []).map((c) => ({ flow: flow.id, step, def: c }))));
    byType.set(applicationType, list);
  }
  return list;
}

/** Whether a value counts as given: not absent, null, an empty string, an empty list or an empty object. */
export function isPresent(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Completions a write at `path` requests: the flag is the path or below it, and `after` (the record once written) holds its value. */
export function requestedCompletions(defs: DefinitionSet, applicationType: string, path: string, after: unknown): DeclaredCompletion[] {
  return completionsFor(defs, applicationType).filter(({ def }) => (def.flag === path || def.flag.startsWith(`${path}.`)) && getPath(after, def.flag) === def.value);
}

/** Completions whose flag a guard reads (`record.<flag>` or a parent of it) and that `record` holds as complete. */
export function completionsReadBy(defs: DefinitionSet, applicationType: string, guard: Logic, record: unknown): DeclaredCompletion[] {
  const paths = varPaths(guard);
  // A guard that reads the whole record (or a computed path) may read any flag.
  const all = paths.some((p) => p === ANY_PATH || p === 'record');
  const read = paths.filter((p) => p.startsWith('record.')).map((p) => p.slice('record.'.length));
  if (!all && read.length === 0) return [];
  return completionsFor(defs, applicationType).filter(({ def }) => (all || read.some((p) => def.flag === p || def.flag.startsWith(`${p}.`))) && getPath(record, def.flag) === def.value);
}

/**
 * Throw STEP_INCOMPLETE (with the section's message key, so the user reads which section) unless the
 * record in `context` completes the step: sections first, in order, then the rules.
 */
export function assertComplete(layers: ResolvedLayers, completion: DeclaredCompletion, context: LogicContext, logic: LogicInstance): void {
  const { def, flow, step } = completion;
  const record = context.record;
  const refuseSection = (section: string, messageKey: string, why: string, extra: Record<string, unknown> = {}) =>
    refuse('STEP_INCOMPLETE', `'${def.flag}' = ${JSON.stringify(def.value)} completes step '${step}' of flow '${flow}', but ${why}`, { path: def.flag, section, messageKey, ...extra });
  for (const section of def.sections) {
    const value = getPath(record, section.path);
    if (!isPresent(value)) throw refuseSection(section.path, section.message, `section '${section.path}' is missing`);
    const missing = (section.required ?? []).filter((member) => !isPresent(getPath(value, member)));
    if (missing.length) throw refuseSection(section.path, section.message, `section '${section.path}' lacks ${missing.join(', ')}`, { missing: missing.map((m) => `${section.path}.${m}`) });
    const entry = validatorAt(layers, section.path);
    if (!entry) throw refuseSection(section.path, section.message, `section '${section.path}' is not declared by the record schema`);
    const fields = validateForm(entry.validate, value, { schema: entry.schema, messages: layers.messages, formats: layers.formats });
    const failed = Object.entries(fields).map(([f, text]) => [f === '' ? section.path : `${section.path}.${f}`, text] as const);
    if (failed.length) throw refuseSection(section.path, section.message, `section '${section.path}' is invalid: ${failed.map(([f, t]) => `${f}: ${t}`).join('; ')}`, { fields: Object.fromEntries(failed) });
  }
  (def.rules ?? []).forEach((rule, index) => {
    // `rule`: its position in the completion's rules (path coverage counts each rule's refusal by it).
    if (logic.holds(rule.when, context)) throw refuseSection(rule.section, rule.message, `a rule about '${rule.section}' holds (${rule.description ?? rule.message})`, { rule: index });
  });
}
