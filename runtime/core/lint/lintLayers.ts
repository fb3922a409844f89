import type { DefinitionSet, ResolvedLayers } from '../types';
import { resolveLayers } from '../layers/resolveLayers';

/** The layers merged per selection during one lint run (lint is synchronous: nothing changes the set meanwhile). */
const runs = new WeakMap<DefinitionSet, Map<string, ResolvedLayers>>();

/** `resolveLayers(defs, selection)`, merged once per selection while {@link withLayerCache} runs (else every call). */
export function lintLayers(defs: DefinitionSet, selection: Record<string, string>): ResolvedLayers {
  const cache = runs.get(defs);
  if (!cache) return resolveLayers(defs, selection);
  const key = JSON.stringify(Object.entries(selection).sort(([a], [b]) => a.localeCompare(b)));
  let layers = cache.get(key);
  if (!layers) cache.set(key, (layers = resolveLayers(defs, selection)));
  return layers;
}

/** Run `fn` with the checks' {@link lintLayers} shared: each selection's layers are merged once for the whole run. */
export function withLayerCache<T>(defs: DefinitionSet, fn: () => T): T {
  if (runs.has(defs)) return fn();
  runs.set(defs, new Map());
  try {
    return fn();
  } finally {
    runs.delete(defs);
  }
}
