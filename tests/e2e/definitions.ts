import { resolve } from 'node:path';
import { interpolate, resolveLayers } from '../../runtime/core';
import type { JsonSchema } from '../../runtime/core/types';
import { loadDefinitionsFromDir } from '../../runtime/node';
import { brandRegistry } from '../../server/brands/brandRegistry';

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

/** A host a test visits and the brand the server serves on it (the default brand for a host no brand names). */
export interface BrandHost {
  host: string;
  brand: string;
  /** Layer selection (`{ brand, region }`) for `layersFor`. */
  selection: Record<string, string>;
  /** Whether no brand names the host (it is served as the default brand, `'*'` in `settings.domains`). */
  unknown: boolean;
}

/** A host no brand claims (Chromium resolves every `*.localhost` to the loopback address). */
export const UNKNOWN_HOST = 'unknown-brand.localhost';

/** Each brand's first host (brands/*.yaml `settings.domains`, as the server reads them) and a host no brand names. */
export function brandHosts(): BrandHost[] {
  const registry = brandRegistry(defs);
  const known = registry.all.filter((b) => b.hosts.length).map((b) => ({ host: b.hosts[0], brand: b.id, selection: b.selection, unknown: false }));
  if (known.some((b) => b.host === UNKNOWN_HOST)) throw new Error(`a brand claims ${UNKNOWN_HOST}: pick another unknown host`);
  return [...known, { host: UNKNOWN_HOST, brand: registry.fallback.id, selection: registry.fallback.selection, unknown: true }];
}
