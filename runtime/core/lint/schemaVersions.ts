import type { DefinitionSet, JsonSchema } from '../types';
import { lintLayers } from './lintLayers';

/**
 * A schema as the base has it and as each selection merges it (a region may add an enum value or a field),
 * distinct versions only; computed once per set of selections.
 * @example const versions = schemaVersions(defs, selections); versions('scoreboard') // [base, au merged, ...]
 */
export function schemaVersions(defs: DefinitionSet, selections: Record<string, string>[] = []): (id: string) => JsonSchema[] {
  let merged: Record<string, JsonSchema>[] | undefined;
  const cache = new Map<string, JsonSchema[]>();
  return (id) => {
    if (!cache.has(id)) {
      merged ??= selections.map((selection) => lintLayers(defs, selection).schemas);
      const all = [defs.schemas[id], ...merged.map((schemas) => schemas[id])].filter(Boolean);
      const seen = new Set<string>();
      cache.set(id, all.filter((schema) => !seen.has(JSON.stringify(schema)) && !!seen.add(JSON.stringify(schema))));
    }
    return cache.get(id) as JsonSchema[];
  };
}
