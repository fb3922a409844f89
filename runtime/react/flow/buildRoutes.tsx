import { Navigate, type RouteObject } from 'react-router-dom';
import type { FlowDef } from '../../core/types';
import { fillRoute, stepPattern } from '../../core/flow';
import { StepChooser, type StepCandidate } from './StepChooser';

/** Options of {@link buildRoutes}. */
export interface BuildRoutesOptions {
  /** Flow whose initial step `/` redirects to (default: the first flow). */
  home?: string;
  /** Params used to fill the home redirect (e.g. `{ applicationId }`). */
  homeParams?: Record<string, string>;
}

/**
 * React Router routes from flow definitions: one route per step path (`basePath/route`); steps of
 * several flows on one path share it and the user's roles choose (StepChooser); unknown paths
 * redirect to the home flow's initial step.
 * @example useRoutes(buildRoutes(bundle.flows, { home: 'orderVerification' })) // under a BrowserRouter
 */
export function buildRoutes(flows: Record<string, FlowDef>, options: BuildRoutesOptions = {}): RouteObject[] {
  const byPath = new Map<string, StepCandidate[]>();
  const home = flows[options.home ?? ''] ?? Object.values(flows)[0];
  // The home flow's steps come first, so they win a shared path when roles do not decide.
  for (const flow of [home, ...Object.values(flows).filter((f) => f !== home)].filter(Boolean)) {
    for (const stepId of Object.keys(flow.steps)) {
      for (const path of [stepPattern(flow, stepId), ...(flow.steps[stepId].aliases ?? [])]) {
        byPath.set(path, [...(byPath.get(path) ?? []), { flowId: flow.id, stepId }]);
      }
    }
  }
  const routes: RouteObject[] = [...byPath].map(([path, candidates]) => ({ path, element: <StepChooser candidates={candidates} /> }));
  if (home) {
    const to = fillRoute(stepPattern(home, home.initial), options.homeParams ?? {});
    routes.push({ path: '*', element: <Navigate to={to} replace /> });
  }
  return routes;
}
