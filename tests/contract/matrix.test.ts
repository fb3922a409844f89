/**
 * Contract suite over the whole matrix: every flow x every layer selection found on disk
 * (e.g. each region x each brand) loads, lints clean, has every step reachable and resolves every
 * message key it uses (its own and those of the schemas and uiSchemas of its forms).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectReferences, eachBlock, formatError, layerCombinations, lintDefinitions, resolveLayers, unreachableSteps } from '../../runtime/core';
import { graphqlOperations, loadDefinitionsFromDir } from '../../runtime/node';

const root = join(import.meta.dirname, '../..');
const { defs, errors } = loadDefinitionsFromDir(root);
const selections = layerCombinations(defs);
const references = collectReferences(defs);
const label = (selection: Record<string, string>) => Object.entries(selection).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults';

describe('definitions', () => {
  it('load without errors', () => {
    expect(errors.map(formatError)).toEqual([]);
  });
  it('lint clean', () => {
    const operations = graphqlOperations(join(root, defs.config.graphql ?? 'server/graphql'));
    expect(lintDefinitions(defs, { operations }).findings.map(formatError)).toEqual([]);
  });
  it('have at least one layer selection to test', () => {
    expect(selections.length).toBeGreaterThan(0);
  });
});

describe.each(Object.keys(defs.flows).sort())('flow %s', (flowId) => {
  const flow = defs.flows[flowId];
  const file = defs.flowFiles[flowId];
  const formSchemas = eachBlock(flow).flatMap(({ block }) => (block?.type === 'form' ? [block.schema] : []));
  const files = new Set([file, ...formSchemas.flatMap((id) => [`schemas/${id}.json`, `schemas/${id}.ui.json`])]);
  it('has every step reachable', () => {
    expect(unreachableSteps(flow)).toEqual([]);
  });
  it.each(selections.map((s) => [label(s), s] as const))('resolves every message key for %s', (_, selection) => {
    const layers = resolveLayers(defs, selection);
    expect(layers.errors.map(formatError)).toEqual([]);
    const missing = references.filter((r) => r.kind === 'message' && files.has(r.file) && !(r.name in layers.messages)).map((r) => `${r.name} (${r.file}${r.pointer})`);
    expect(missing).toEqual([]);
  });
});
