/**
 * The GraphQL documents the browser runtime sends for the flows' bindings (`call:` effects and step
 * `load:`s name an operation; the build turns each name into a document from the SDL). They are built
 * here by the build's own code (runtime/node's createBundle), for every layer selection the build
 * ships, so the persisted-operations manifest holds exactly what the front end can send.
 * @example for (const doc of bindingDocuments(root)) addToManifest(manifest, doc);
 */
import { join } from 'node:path';
import { layerChoices, layerCombinations } from '../../runtime/core';
import { createBundle, loadDefinitionsFromDir, loadSdl } from '../../runtime/node';

/** Every distinct binding document of the definitions under `root` (empty when they do not load). */
export function bindingDocuments(root: string): string[] {
  const { defs } = loadDefinitionsFromDir(root);
  const sdl = [loadSdl(join(root, defs.config?.graphql ?? 'server/graphql'))];
  const regions = layerChoices(defs).region ?? [];
  const selections: Record<string, string>[] = [...regions.map((region) => ({ region })), ...layerCombinations(defs)];
  const documents = new Set<string>();
  for (const selection of selections) for (const document of Object.values(createBundle(defs, selection, sdl).bundle.operations)) documents.add(document);
  return [...documents];
}
