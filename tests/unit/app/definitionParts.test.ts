/**
 * The product's definitions in parts, as the build writes them (scripts/compileValidators.ts, runtime/core's splitBundle):
 * for every region, the core chooses the same routes as the whole bundle, and each flow's part, added to the
 * core, gives that flow whole with every schema, uiSchema, validator and operation its definitions name, and
 * widget names the app's registry has (the check the app runs on each part as it arrives).
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addPart, routeTable, type BuiltBundle, type FlowPart } from '../../../runtime/core/bundleParts';
import { eachBlock } from '../../../runtime/core/flow/walkFlow';
import { generateFiles, loadDefinitionsFromDir, loadSdl } from '../../../runtime/node';
import { buildRoutes, checkWidgetReferences, createWidgetRegistry, flowsAt } from '../../../runtime/react';
import { extensionWidgets } from '../../../extensions';

const ROOT = resolve(import.meta.dirname, '../../..');
const { defs } = loadDefinitionsFromDir(ROOT);
const sdl = [loadSdl(resolve(ROOT, defs.config.graphql ?? 'server/graphql'))];
const widgets = createWidgetRegistry(extensionWidgets);
const { files } = generateFiles(defs, sdl);
const read = <T>(name: string): T => JSON.parse(files[name]) as T;

/** Every `call:` a flow makes (loads, effects) and every form's `schema`, wherever it sits. */
function named(value: unknown, key: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) named(item, key, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === key && typeof v === 'string') out.add(v);
      else named(v, key, out);
    }
  }
  return out;
}

describe.each(['au', 'nz'])('definitions in parts, region %s', (region) => {
  const bundle = read<BuiltBundle>(`bundles/${region}.json`);
  const core = read<BuiltBundle>(`bundles/${region}/core.json`);
  const parts = Object.fromEntries(Object.keys(bundle.flows).map((id) => [id, read<FlowPart>(`bundles/${region}/flows/${id}.json`)]));
  const paths = (flows: typeof bundle.flows) => buildRoutes(flows).map((route) => route.path);

  it('the core has every flow, no blocks, and the whole bundle\'s routes; the route table has every route', () => {
    expect(Object.keys(core.flows)).toEqual(Object.keys(bundle.flows));
    expect(Object.values(core.flows).flatMap((flow) => eachBlock(flow))).toEqual([]);
    expect(paths(core.flows)).toEqual(paths(bundle.flows));
    const routes = routeTable(bundle.flows);
    for (const path of paths(bundle.flows).filter((p) => p !== '*')) expect(flowsAt(routes, path!).length, path).toBeGreaterThan(0);
    expect(flowsAt(routes, '/calculator')).toEqual(['calculator']);
    expect([core.schemas, core.validators]).toEqual([{}, {}]);
    // The record API's operations (saves, status requests) serve every flow: they, and only they, come with the core.
    const recordCalls = Object.values(bundle.record ?? {}).map((api) => api.call).sort();
    expect(recordCalls).toEqual(['createOrUpdateProperty', 'requestTransition']);
    expect(Object.keys(core.operations).sort()).toEqual(recordCalls);
    for (const call of recordCalls) expect(core.operations[call]).toBe(bundle.operations[call]);
  });

  it.each(Object.keys(bundle.flows))('flow %s: its part gives it whole with what it names', (flowId) => {
    const part = parts[flowId];
    const added = structuredClone(core);
    addPart(added, part);
    expect(added.flows[flowId]).toEqual(bundle.flows[flowId]);
    for (const schema of named(bundle.flows[flowId], 'schema')) {
      expect(part.schemas[schema], `schema ${schema}`).toEqual(bundle.schemas[schema]);
      expect(part.validators[schema], `validator of ${schema}`).toBe(bundle.validators[schema]);
      if (bundle.uiSchemas[schema]) expect(part.uiSchemas[schema], `uiSchema ${schema}`).toEqual(bundle.uiSchemas[schema]);
    }
    for (const call of named(bundle.flows[flowId], 'call')) expect(part.operations[call], `operation ${call}`).toBe(bundle.operations[call]);
    expect(checkWidgetReferences(part, widgets)).toEqual([]);
  });

  it('a first visit of the calculator or the sign-in page fetches much less than the whole bundle', () => {
    const size = (value: unknown) => JSON.stringify(value).length;
    expect(size(core) + size(parts.calculator)).toBeLessThan(size(bundle) / 2);
    expect(size(core) + size(parts.account)).toBeLessThan(size(bundle) / 4);
  });
});
