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
