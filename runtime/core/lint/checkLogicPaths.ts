import type { DefinitionError, DefinitionSet } from '../types';
import { didYouMean, errorAt, getPath } from '../source';
import { ANY_PATH, pathsOverlap, varPaths } from '../logic/dependencies';
import { eachTransition } from '../flow/walkFlow';
import { schemaAtPath } from '../messages/fieldPath';
import type { Reference } from './collectReferences';

/** Context roots logic may read when the config names none. */
export const DEFAULT_CONTEXT_ROOTS = ['record', 'user', 'roles', 'form', 'settings', 'now', 'event'];

/** `var` paths whose root is no context root, `form.*` paths no schema has, `settings.*` no layer sets. */
export function checkLogicPaths(defs: DefinitionSet, references: Reference[]): DefinitionError[] {
  const roots = defs.config.contextRoots ?? DEFAULT_CONTEXT_ROOTS;
  const settings = Object.values(defs.layerFiles).flatMap((layer) => [layer.settings ?? {}, ...Object.values(layer.layers ?? {}).map((b) => b?.settings ?? {})]);
  const settingKeys = [...new Set(settings.flatMap((s) => Object.keys(s)))];
  const written = writtenPaths(defs);
  const out: DefinitionError[] = [];
  for (const ref of references) {
    if (ref.kind !== 'logic') continue;
    for (const path of varPaths(ref.logic)) {
      if (path === ANY_PATH || /^\d/.test(path) || written.some((w) => pathsOverlap(w, path))) continue;
      const [root, ...rest] = path.split('.');
      const at = (message: string, hint: string) => out.push(errorAt(defs.sources, ref.file, ref.pointer, message, hint));
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
        at(`var '${path}' names a setting no layer defines`, didYouMean(rest[0], settingKeys));
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
