import type { DefinitionError, DefinitionSet, JsonSchema } from '../types';
import { resolveLayers } from '../layers/resolveLayers';
import { childSchema } from '../messages/fieldPath';
import { didYouMean, errorAt, getPath, toPointer } from '../source';
import { ANY_PATH, pathsOverlap, varPaths } from '../logic/dependencies';
import { eachTransition } from '../flow/walkFlow';
import { schemaAtPath } from '../messages/fieldPath';
import type { Reference } from './collectReferences';

/** Context roots logic may read when the config names none. */
export const DEFAULT_CONTEXT_ROOTS = ['record', 'user', 'roles', 'form', 'settings', 'now', 'event'];

/**
 * `var` paths whose root is no context root, `form.*` paths no schema has, `settings.*` no layer sets,
 * `record.<root>.*` paths the record schema the config names for that root (`recordSchemas`) does not declare.
 */
export function checkLogicPaths(defs: DefinitionSet, references: Reference[], selections?: Record<string, string>[]): DefinitionError[] {
  const roots = defs.config.contextRoots ?? DEFAULT_CONTEXT_ROOTS;
  const settings = Object.values(defs.layerFiles).flatMap((layer) => [layer.settings ?? {}, ...Object.values(layer.layers ?? {}).map((b) => b?.settings ?? {})]);
  const settingKeys = [...new Set(settings.flatMap((s) => Object.keys(s)))];
  const written = writtenPaths(defs);
  const patchedCache = new Map<string, JsonSchema[]>();
  // The record schema as each selection merges it (a layer may add fields), computed only when the base lacks a path.
  const patched = (id: string) => {
    if (!patchedCache.has(id)) patchedCache.set(id, (selections ?? []).map((selection) => resolveLayers(defs, selection).schemas[id]));
    return patchedCache.get(id) as JsonSchema[];
  };
  const out: DefinitionError[] = [];
  for (const ref of references) {
    if (ref.kind !== 'logic') continue;
    for (const path of varPaths(ref.logic)) {
      if (path === ANY_PATH || /^\d/.test(path) || written.some((w) => pathsOverlap(w, path))) continue;
      const [root, ...rest] = path.split('.');
      const at = (message: string, hint: string) => out.push(errorAt(defs.sources, ref.file, locateVar(ref.logic, path, ref.pointer) ?? ref.pointer, message, hint));
      if (!roots.includes(root)) {
        at(`var '${path}' reads no context root`, didYouMean(root, roots));
      } else if (root === 'form' && rest.length > 0) {
        const ids = ref.formSchemas?.length ? ref.formSchemas : Object.keys(defs.schemas);
        const field = rest.join('.');
        const schemas = ids.map((id) => defs.schemas[id]).filter(Boolean);
        if (schemas.length && !schemas.some((schema) => schemaAtPath(schema, field))) {
          const names = schemas.flatMap((schema) => Object.keys((schemaAtPath(schema, rest.slice(0, -1).join('.'))?.properties as object) ?? {}));
          at(`var '${path}' names no field of schema ${ids.map((id) => `'${id}'`).join(', ')}`, didYouMean(rest[rest.length - 1], names));
        }
      } else if (root === 'settings' && rest.length > 0 && !settings.some((s) => getPath(s, rest.join('.')) !== undefined)) {
        // The hint is about the first name no layer has at its level, among the names there are.
        let depth = 0;
        while (depth < rest.length - 1 && settings.some((s) => getPath(s, rest.slice(0, depth + 1).join('.')) !== undefined)) depth++;
        const parent = rest.slice(0, depth).join('.');
        const names = depth === 0 ? settingKeys : [...new Set(settings.flatMap((s) => keysOf(getPath(s, parent))))];
        at(`var '${path}' names a setting no layer defines`, didYouMean(rest[depth], names));
      } else if (root === 'record' && rest.length > 1 && defs.config.recordSchemas?.[rest[0]]) {
        const id = defs.config.recordSchemas[rest[0]];
        const schemas = [defs.schemas[id], ...patched(id)].filter(Boolean);
        const problems = schemas.map((schema) => undeclared(schema, rest.slice(1)));
        const problem = problems.every(Boolean) ? problems[0] : undefined;
        if (problem) at(`var '${path}' names no field of record schema '${id}' ('${rest.slice(0, problem.index + 2).join('.')}')`, didYouMean(rest[problem.index + 1], problem.known));
      }
    }
  }
  return out;
}

/** Context paths `set` effects write (logic may read them even where no schema declares them). */
function writtenPaths(defs: DefinitionSet): string[] {
  return Object.values(defs.flows).flatMap((flow) =>
    eachTransition(flow).flatMap((site) => (site.transition?.effects ?? []).flatMap((e) => ('set' in e && typeof e.set === 'string' ? [e.set] : []))),
  );
}

const keysOf = (value: unknown): string[] => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : []);

/** Whether a schema says nothing of its members (any path below it may exist). */
function isOpen(node: JsonSchema): boolean {
  return !['properties', 'items', 'patternProperties', 'allOf', 'anyOf', 'oneOf', 'then', 'else'].some((k) => k in node)
    && !(node.additionalProperties === false) && !(typeof node.type === 'string' && node.type !== 'object' && node.type !== 'array');
}

/** The first segment of `segments` the schema does not declare (with the names declared there), or undefined. */
function undeclared(schema: JsonSchema, segments: string[]): { index: number; known: string[] } | undefined {
  let node: JsonSchema | undefined = schema;
  for (let i = 0; i < segments.length; i++) {
    if (!node || isOpen(node) || node.additionalProperties === true) return undefined;
    const next: JsonSchema | undefined = childSchema(node, segments[i]);
    if (!next) return { index: i, known: keysOf(node.properties) };
    node = next;
  }
  return undefined;
}

/** The pointer of the first `{ var: path }` (or `{ var: [path, default] }`) inside `logic`, which sits at `pointer`. */
function locateVar(logic: unknown, path: string, pointer: string): string | undefined {
  if (Array.isArray(logic)) {
    for (let i = 0; i < logic.length; i++) {
      const found = locateVar(logic[i], path, `${pointer}/${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (logic === null || typeof logic !== 'object') return undefined;
  const node = logic as Record<string, unknown>;
  if ('var' in node) {
    if (String(node.var) === path) return `${pointer}/var`;
    if (Array.isArray(node.var) && String(node.var[0]) === path) return `${pointer}/var/0`;
  }
  for (const [key, value] of Object.entries(node)) {
    const found = locateVar(value, path, `${pointer}${toPointer([key])}`);
    if (found) return found;
  }
  return undefined;
}
