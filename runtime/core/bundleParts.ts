/**
 * A region's definitions in parts, so a first visit fetches what its route shows and not every flow: the core
 * (every flow's routes, roles and step guards, which is what choosing a route's step needs; formats; the GraphQL
 * cache policy) and one part per flow (the flow whole, the flows its progress trackers show, and the schemas,
 * uiSchemas, validators and operations its definitions name). Parts are JSON data; the browser adds a part to
 * its bundle before it shows one of the flow's steps (runtime/react `flowParts`).
 * @example
 * const { core, parts } = splitBundle(bundle);   // build: one file each
 * addPart(core, parts.calculator);                // browser: core now shows the calculator's steps
 */
import type { RuntimeBundle } from './bundle';
import type { SelectionTexts } from './definitionSet';
import { stepPattern } from './flow/stepRoute';
import type { FlowDef, StepDef } from './types';

/** The definitions of the bundle that come in parts. */
type PartFields = 'flows' | 'schemas' | 'uiSchemas' | 'operations' | 'validators';

/** One flow's part: its definitions and those it names. */
export type FlowPart = Pick<RuntimeBundle, PartFields>;

/** What choosing a route's step needs of a step (see `chooseStep`), and going to a status's screen (`status`, `screen`). */
const STUB_STEP: readonly (keyof StepDef)[] = ['route', 'aliases', 'when', 'roles', 'status', 'screen'];

/** A step's events that move a status, each as its statuses only: what a screen's status request looks for (`statusEventSite`). */
function statusEvents(step: StepDef): StepDef['on'] {
  const on = Object.entries(step.on ?? {}).flatMap(([event, entry]) => {
    const moves = [entry].flat().flatMap((t) => (t.status === undefined ? [] : [{ status: t.status }]));
    return moves.length ? [[event, moves] as const] : [];
  });
  return on.length ? Object.fromEntries(on) : undefined;
}

/**
 * A flow as the core holds it: its routes, roles and step guards, and its status machine's outline (the status
 * field, each step's statuses and screen, the events that move a status); no blocks, loads, effects or layout.
 */
export function routeStub(flow: FlowDef): FlowDef {
  const steps: Record<string, StepDef> = {};
  for (const [id, step] of Object.entries(flow.steps)) {
    const on = flow.status ? statusEvents(step) : undefined;
    steps[id] = { ...Object.fromEntries(STUB_STEP.filter((key) => step[key] !== undefined).map((key) => [key, step[key]])), ...(on ? { on } : {}) } as StepDef;
  }
  const { id, basePath, initial, roles, status } = flow;
  return { id, initial, steps, ...(basePath === undefined ? {} : { basePath }), ...(roles === undefined ? {} : { roles }), ...(status === undefined ? {} : { status }) };
}

/** Every string in a JSON value (a flow names schemas and operations by id; a name that merely matches costs a few bytes). */
function stringsIn(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string') out.add(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** The flows a flow's progress blocks show (`{ type: progress, flow }`): they travel in its part. */
function shownFlows(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) shownFlows(item, out);
  else if (value && typeof value === 'object') {
    const block = value as { type?: unknown; flow?: unknown };
    if (block.type === 'progress' && typeof block.flow === 'string') out.add(block.flow);
    for (const item of Object.values(value)) shownFlows(item, out);
  }
  return out;
}

const pick = <T>(record: Record<string, T>, names: Set<string>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).filter(([name]) => names.has(name)));

/** The core and one part per flow; `core` is `bundle` with every flow a stub and nothing of the parts' fields besides. */
export function splitBundle<B extends FlowPart>(bundle: B): { core: B; parts: Record<string, FlowPart> } {
  const parts: Record<string, FlowPart> = {};
  for (const flow of Object.values(bundle.flows)) {
    const flows = pick(bundle.flows, new Set([flow.id, ...shownFlows(flow)]));
    const named = stringsIn(flows);
    const schemas = pick(bundle.schemas, named);
    const ids = new Set(Object.keys(schemas));
    parts[flow.id] = {
      flows,
      schemas,
      uiSchemas: pick(bundle.uiSchemas, ids),
      validators: pick(bundle.validators, ids),
      operations: pick(bundle.operations, named),
    };
  }
  const flows = Object.fromEntries(Object.values(bundle.flows).map((flow) => [flow.id, routeStub(flow)]));
  // The record API's operations (saves, status requests) serve every flow: they come with the core.
  const record = (bundle as { record?: RuntimeBundle['record'] }).record;
  const operations = pick(bundle.operations, new Set(Object.values(record ?? {}).map((api) => api.call)));
  return { core: { ...bundle, flows, schemas: {}, uiSchemas: {}, operations, validators: {} }, parts };
}

/** Adds `part` to `bundle` in place (its flows replace their stubs): the runtime's views read the bundle they were given. */
export function addPart(bundle: FlowPart, part: FlowPart): void {
  Object.assign(bundle.flows, part.flows);
  Object.assign(bundle.schemas, part.schemas);
  Object.assign(bundle.uiSchemas, part.uiSchemas);
  Object.assign(bundle.validators, part.validators);
  Object.assign(bundle.operations, part.operations);
}

/** A region's bundle as built: everything but the texts and settings, which the server writes into the page for its brand. */
export type BuiltBundle = Omit<RuntimeBundle, keyof SelectionTexts>;

/** Every step's route pattern and alias with its flow, in flow order (a flow's steps may share a pattern with another's). */
export type RouteTable = [pattern: string, flowId: string][];

/** The route table of `flows`: which parts a path needs, known before the core has come. */
export function routeTable(flows: Record<string, FlowDef>): RouteTable {
  return Object.values(flows).flatMap((flow) => Object.keys(flow.steps).flatMap((stepId) =>
    [stepPattern(flow, stepId), ...(flow.steps[stepId].aliases ?? [])].map((pattern): [string, string] => [pattern, flow.id])));
}

/**
 * Where a region's definitions are: the address of its core (a {@link BuiltBundle} of route stubs) and of each
 * flow's {@link FlowPart}, and the route table, so the app fetches the core and its first screen's parts at once.
 */
export interface DefinitionFiles {
  core: string;
  parts: Record<string, string>;
  routes: RouteTable;
}
