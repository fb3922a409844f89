import type { DefinitionError, DefinitionSet, FlowDef, JsonSchema } from '../types';
import { childSchema } from '../messages/fieldPath';
import { closest, didYouMean, errorAt, getPath, toPointer } from '../source';
import { ANY_PATH, pathsOverlap, varPaths } from '../logic/dependencies';
import { eachTransition } from '../flow/walkFlow';
import { schemaAtPath } from '../messages/fieldPath';
import type { Reference } from './collectReferences';
import { schemaVersions } from './schemaVersions';

/** Context roots logic may read when the config names none. */
export const DEFAULT_CONTEXT_ROOTS = ['record', 'user', 'roles', 'form', 'settings', 'now', 'event'];

/**
 * `var` paths whose root is no context root, `form.*` paths no schema has, `settings.*` no layer sets,
 * `record.<root>.*` paths the record schema the config names for that root (`recordSchemas`) does not declare,
 * wherever they are read (also where a `set` writes them) and the record paths `set` effects write.
 */
export function checkLogicPaths(defs: DefinitionSet, references: Reference[], selections?: Record<string, string>[]): DefinitionError[] {
  const roots = defs.config.contextRoots ?? DEFAULT_CONTEXT_ROOTS;
  const settings = Object.values(defs.layerFiles).flatMap((layer) => [layer.settings ?? {}, ...Object.values(layer.layers ?? {}).map((b) => b?.settings ?? {})]);
  const settingKeys = [...new Set(settings.flatMap((s) => Object.keys(s)))];
  const written = writtenPaths(defs);
  const versions = schemaVersions(defs, selections);
  // The first segment of a record path no version of its record schema declares (undefined: declared, or no schema).
  const recordRoots = Object.keys(defs.config.recordSchemas ?? {});
  const recordProblem = (rest: string[]) => {
    const id = defs.config.recordSchemas?.[rest[0]];
    // A root close to a schema'd root is a typo of it (other roots are the record's own top-level fields).
    const near = id || rest.length < 2 ? undefined : closest(rest[0], recordRoots);
    if (near !== undefined) return { id: defs.config.recordSchemas?.[near] as string, index: -1, known: recordRoots };
    if (!id || rest.length < 2) return undefined;
    const problems = versions(id).map((schema) => undeclared(schema, rest.slice(1)));
    return problems.length && problems.every(Boolean) ? { id, ...(problems[0] as { index: number; known: string[] }) } : undefined;
  };
  const out: DefinitionError[] = [];
  for (const ref of references) {
    if (ref.kind !== 'logic') continue;
    for (const path of varPaths(ref.logic)) {
      const [root, ...rest] = path.split('.');
      // Page state a `set` writes may be read where no schema declares it; a record path is always checked.
      if (path === ANY_PATH || /^\d/.test(path) || (root !== 'record' && written.some((w) => pathsOverlap(w.path, path)))) continue;
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
      }
    }
  }
  // Record paths wherever a flow reads one (any key of any block, effect or step, not only those collected as logic).
  for (const [id, flow] of Object.entries(defs.flows)) {
    for (const { path, pointer } of varNodes(flow, '')) {
      const [root, ...rest] = path.split('.');
      const problem = root === 'record' ? recordProblem(rest) : undefined;
      if (problem) out.push(errorAt(defs.sources, defs.flowFiles[id], pointer, `var '${path}' names no field of record schema '${problem.id}' ('${rest.slice(0, problem.index + 2).join('.')}')`, didYouMean(rest[problem.index + 1], problem.known)));
    }
  }
  // Record paths steps name without `record.`: writable paths, completion flags, sections and their required members.
  for (const [id, flow] of Object.entries(defs.flows)) {
    for (const { path, pointer } of stepRecordPaths(flow)) {
      const rest = path.split('.');
      const star = rest.indexOf('*');
      const problem = recordProblem(star < 0 ? rest : rest.slice(0, star));
      if (problem) out.push(errorAt(defs.sources, defs.flowFiles[id], pointer, `'${path}' names no field of record schema '${problem.id}' ('${rest.slice(0, problem.index + 2).join('.')}')`, didYouMean(rest[problem.index + 1], problem.known)));
    }
  }
  for (const { path, file, pointer } of written) {
    const [root, ...rest] = path.split('.');
    const problem = root === 'record' ? recordProblem(rest) : undefined;
    if (problem) out.push(errorAt(defs.sources, file, pointer, `set '${path}' writes no field of record schema '${problem.id}' ('${rest.slice(0, problem.index + 2).join('.')}')`, didYouMean(rest[problem.index + 1], problem.known)));
  }
  return out;
}

/** Context paths `set` effects write (logic may read them even where no schema declares them), with where. */
function writtenPaths(defs: DefinitionSet): { path: string; file: string; pointer: string }[] {
  return Object.entries(defs.flows).flatMap(([id, flow]) =>
    eachTransition(flow).flatMap((site) => (site.transition?.effects ?? []).flatMap((e, i) => ('set' in e && typeof e.set === 'string' ? [{ path: e.set, file: defs.flowFiles[id], pointer: `${site.pointer}/effects/${i}/set` }] : []))),
  );
}

/** The record paths (relative to the record) a flow's steps name: writable entries and completion flags, sections, members and rule sections. */
function stepRecordPaths(flow: FlowDef): { path: string; pointer: string }[] {
  const out: { path: string; pointer: string }[] = [];
  const add = (path: unknown, pointer: string) => typeof path === 'string' && out.push({ path, pointer });
  for (const [stepId, step] of Object.entries(flow.steps ?? {})) {
    const at = toPointer(['steps', stepId]);
    for (const [role, entries] of Object.entries(step?.writable ?? {})) {
      (entries ?? []).forEach((entry, i) => (typeof entry === 'string' ? add(entry, `${at}${toPointer(['writable', role, i])}`) : add(entry?.path, `${at}${toPointer(['writable', role, i, 'path'])}`)));
    }
    (step?.completion ?? []).forEach((completion, i) => {
      add(completion?.flag, `${at}/completion/${i}/flag`);
      (completion?.sections ?? []).forEach((section, j) => {
        add(section?.path, `${at}/completion/${i}/sections/${j}/path`);
        (section?.required ?? []).forEach((name, k) => add(`${section.path}.${name}`, `${at}/completion/${i}/sections/${j}/required/${k}`));
      });
      (completion?.rules ?? []).forEach((rule, j) => add(rule?.section, `${at}/completion/${i}/rules/${j}/section`));
    });
  }
  return out;
}

/** Every `{ var: path }` (or `{ var: [path, default] }`) anywhere inside `node`, with the pointer of its path. */
function varNodes(node: unknown, pointer: string): { path: string; pointer: string }[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => varNodes(item, `${pointer}/${i}`));
  if (node === null || typeof node !== 'object') return [];
  const entries = Object.entries(node);
  if (entries.length === 1 && entries[0][0] === 'var') {
    const value = entries[0][1];
    if (typeof value === 'string') return [{ path: value, pointer: `${pointer}/var` }];
    if (Array.isArray(value) && typeof value[0] === 'string') return [{ path: value[0], pointer: `${pointer}/var/0` }, ...value.slice(1).flatMap((v, i) => varNodes(v, `${pointer}/var/${i + 1}`))];
  }
  return entries.flatMap(([key, value]) => varNodes(value, `${pointer}${toPointer([key])}`));
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
