import type { FlowDef } from '../../core/types';

/** The absolute route pattern of a step, e.g. `/applications/:applicationId/order-verification`. */
export function stepPattern(flow: FlowDef, stepId: string): string {
  const route = flow.steps[stepId]?.route ?? stepId;
  if (route.startsWith('/')) return route;
  const base = (flow.basePath ?? `/${flow.id}`).replace(/\/+$/, '');
  return `${base}/${route}`.replace(/\/+/g, '/');
}

/** Fills `:param` segments of a pattern from the current route params. */
export function fillPattern(pattern: string, params: Record<string, string | undefined>): string {
  return pattern.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => encodeURIComponent(params[name] ?? whole));
}
