import type { GraphQLSchema } from 'graphql';
import { eachBlock, eachTransition, prepareSchema, resolveLayers } from '../core';
import type { RuntimeBundle } from '../core/bundle';
import type { DefinitionSet, DefinitionError, FlowDef, JsonSchema } from '../core/types';
import { cachePolicy, operationDocument } from './graphqlSdl';

/** Which flows a bundle carries: flow file path -> include? (default: everything but `flows/_examples/`). */
export type FlowFilter = (file: string) => boolean;

/** A bundle before validators are named: prepared schemas still to compile. */
export interface PreparedBundle {
  bundle: Omit<RuntimeBundle, 'validators'>;
  errors: (DefinitionError | string)[];
}

/** A flow without what only the server reads (`writable` paths per role, `completion` requirements). */
function forBrowser(flow: FlowDef): FlowDef {
  const steps = Object.fromEntries(Object.entries(flow.steps).map(([id, step]) => {
    const { writable: _writable, completion: _completion, ...rest } = step;
    return [id, rest];
  }));
  return { ...flow, steps };
}

const notExamples: FlowFilter = (file) => !file.startsWith('flows/_examples/');

/**
 * Resolves the layers of one selection and builds the serialisable bundle the browser runtime
 * reads: flows, overlaid + prepared schemas, uiSchemas, messages, formats, settings, and the
 * GraphQL document of every operation the flows call and the client's cache policy (both from the SDL).
 */
export function createBundle(defs: DefinitionSet, selection: Record<string, string>, sdl: (GraphQLSchema | undefined)[], include: FlowFilter = notExamples): PreparedBundle {
  const layers = resolveLayers(defs, selection);
  const errors: (DefinitionError | string)[] = [...layers.errors];
  const flows: Record<string, FlowDef> = {};
  for (const [id, flow] of Object.entries(defs.flows)) if (include(defs.flowFiles[id])) flows[id] = forBrowser(flow);
  // Only form schemas (of forms and inline edits) travel to the browser (record schemas are the server's business).
  const formIds = new Set(Object.values(flows).flatMap((f) => eachBlock(f).flatMap((s) => (s.block.type === 'form' || (s.block.type === 'inlineEdit' && s.block.schema) ? [s.block.schema as string] : []))));
  const schemas: Record<string, JsonSchema> = {};
  const uiSchemas: Record<string, Record<string, unknown>> = {};
  for (const id of formIds) {
    if (!layers.schemas[id]) errors.push(`form schema '${id}' is missing`);
    else schemas[id] = prepareSchema(layers.schemas[id], layers.formats);
    if (defs.uiSchemas[id]) uiSchemas[id] = defs.uiSchemas[id];
  }
  const operations: Record<string, string> = {};
  // The record API the runtime calls (saves, status requests); the upload binding is written into upload blocks at load.
  const { upload: _upload, ...recordApi } = defs.config.record ?? {};
  for (const flow of Object.values(flows)) {
    const calls = [
      ...eachTransition(flow).flatMap((site) => (site.transition.effects ?? []).flatMap((effect) => ('call' in effect ? [effect.call] : []))),
      ...Object.values(flow.steps).flatMap((step) => Object.values(step.load ?? {}).map((load) => load.call)),
      ...eachBlock(flow).flatMap(({ block }) => (block?.type === 'upload' && block.call ? [block.call] : [])),
    ];
    if (defs.config.record) calls.push(...Object.values(recordApi).map((api) => api.call));
    for (const call of calls) {
      if (operations[call]) continue;
      const document = sdl.map((s) => (s ? operationDocument(s, call) : undefined)).find(Boolean);
      if (document) operations[call] = document;
      else errors.push(`flow '${flow.id}' calls '${call}', which no GraphQL SDL defines`);
    }
  }
  return {
    bundle: {
      selection, flows, schemas, uiSchemas, messages: layers.messages, formats: layers.formats,
      settings: layers.settings, operations, graphqlCache: cachePolicy(sdl, Object.keys(operations)),
      ...(defs.config.record ? { record: recordApi } : {}),
    },
    errors,
  };
}
