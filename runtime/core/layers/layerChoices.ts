import type { DefinitionSet } from '../types';
import { patternRegex } from '../load/classifyFiles';

/** Placeholder names used by a layer pattern, e.g. `tenants/{a}.yaml` -> ['a']. */
export function placeholdersOf(pattern: string): string[] {
  return [...pattern.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]);
}

/** Fill `{name}` placeholders from a selection; undefined when one is not selected. */
export function fillPattern(pattern: string, selection: Record<string, string>): string | undefined {
  let missing = false;
  const filled = pattern.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => {
    const value = selection[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : filled;
}

/** The values each placeholder can take, read from the layer files present (`markets/{x}.yaml` -> x values). */
export function layerChoices(defs: DefinitionSet): Record<string, string[]> {
  const choices: Record<string, Set<string>> = {};
  for (const layer of defs.config.layers) {
    const names = placeholdersOf(layer.file);
    if (names.length === 0) continue;
    const regex = patternRegex(layer.file);
    for (const file of Object.keys(defs.layerFiles)) {
      const groups = regex.exec(file)?.groups;
      if (!groups) continue;
      for (const name of names) (choices[name] ??= new Set()).add(groups[name]);
    }
  }
  return Object.fromEntries(Object.entries(choices).map(([k, v]) => [k, [...v].sort()]));
}

/** Every full selection: the cartesian product of {@link layerChoices}. */
export function layerCombinations(defs: DefinitionSet): Record<string, string>[] {
  let out: Record<string, string>[] = [{}];
  for (const [name, values] of Object.entries(layerChoices(defs))) {
    out = out.flatMap((selection) => values.map((value) => ({ ...selection, [name]: value })));
  }
  return out;
}
