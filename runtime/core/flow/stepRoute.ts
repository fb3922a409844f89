import type { FlowDef } from '../types';

/** The absolute route pattern of a step, e.g. `/items/:itemId/review`. */
export function stepPattern(flow: FlowDef, stepId: string): string {
  const route = flow.steps[stepId]?.route ?? stepId;
  if (route.startsWith('/')) return route;
  const base = (flow.basePath ?? `/${flow.id}`).replace(/\/+$/, '');
  return `${base}/${route}`.replace(/\/+/g, '/');
}

/** Fills `:param` segments of a route pattern from route params (unknown ones stay as they are). */
export function fillRoute(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => encodeURIComponent(params[name] ?? whole));
}

/** A step named `flow.step` (another flow's) or `step` (of `flow`), with its flow; undefined when either is unknown. */
export function namedStep(flows: Record<string, FlowDef>, flow: FlowDef, name: string): { flow: FlowDef; step: string } | undefined {
  const dot = name.indexOf('.');
  const owner = dot < 0 ? flow : flows[name.slice(0, dot)];
  const step = dot < 0 ? name : name.slice(dot + 1);
  return owner?.steps[step] ? { flow: owner, step } : undefined;
}

/**
 * The app path of a step: the route of the screen it names (`screen`, a status step's screen), else its own,
 * its `:name` segments filled from `params`.
 * @example stepPath(flows, flows.primary, 'orderVerification', { applicationId: 'a1' }) // '/applications/a1/order-verification'
 */
export function stepPath(flows: Record<string, FlowDef>, flow: FlowDef, stepId: string, params: Record<string, unknown>): string {
  const screen = flow.steps[stepId]?.screen;
  const shown = (screen && namedStep(flows, flow, screen)) || { flow, step: stepId };
  return fillRoute(stepPattern(shown.flow, shown.step), Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === undefined || v === null ? undefined : String(v)])));
}
