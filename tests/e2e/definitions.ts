import { resolve } from 'node:path';
import { interpolate, resolveLayers } from '../../runtime/core';
import type { JsonSchema } from '../../runtime/core/types';
import { loadDefinitionsFromDir } from '../../runtime/node';

const ROOT = resolve(import.meta.dirname, '../..');
const { defs, errors } = loadDefinitionsFromDir(ROOT);
if (errors.length) throw new Error(`definitions do not load: ${errors.map((e) => e.message).join('; ')}`);

/** The merged layers of a selection, as the e2e tests read expected texts from them (never copied strings). */
export function layersFor(selection: Record<string, string>) {
  const layers = resolveLayers(defs, selection);
  /** Catalogue text of a key with `{n}`-style params; throws when the key is missing. */
  const text = (key: string, params?: Record<string, unknown>): string => {
    const template = layers.messages[key];
    if (template === undefined) throw new Error(`message key '${key}' is not in the catalogue for ${JSON.stringify(selection)}`);
    return interpolate(template, params);
  };
  /** A property of a (layered) form schema, e.g. `schema('reassign', 'phone').minLength`. */
  const schema = (id: string, field: string): JsonSchema => {
    const properties = (layers.schemas[id]?.properties ?? {}) as Record<string, JsonSchema>;
    if (!properties[field]) throw new Error(`schema '${id}' has no field '${field}'`);
    return properties[field];
  };
  return { layers, text, schema, flows: defs.flows };
}
