import { matchPath, Navigate, useLocation, useParams } from 'react-router-dom';
import { useRuntime } from '../RuntimeContext';
import { deriveRoles, rolesAllow } from './machine';
import { StepScreen } from './StepScreen';

/** A flow step competing for a route. */
export interface StepCandidate {
  flowId: string;
  stepId: string;
}

/**
 * When several flows put a step on the same route (e.g. two journeys over one record, both
 * with `/records/:id/review`), shows the first whose step roles the user holds in that flow
 * (roles derived by the flow's own `roles` logic); the first candidate when none matches.
 * With a sign-in gate, an anonymous visitor of a non-public route goes to the sign-in path.
 */
export function StepChooser({ candidates }: { candidates: StepCandidate[] }) {
  const rt = useRuntime();
  const params = useParams();
  const { pathname } = useLocation();
  if (rt.signIn && !rt.user && !rt.signIn.publicPaths.some((pattern) => matchPath(pattern, pathname))) {
    return <Navigate to={rt.signIn.path} replace />;
  }
  const context = { record: rt.record, user: rt.user, settings: rt.bundle.settings, params };
  const chosen = candidates.find(({ flowId, stepId }) => {
    const flow = rt.bundle.flows[flowId];
    return rolesAllow(flow.steps[stepId].roles, deriveRoles(flow, context, rt.logic));
  }) ?? candidates[0];
  return <StepScreen key={`${chosen.flowId}/${chosen.stepId}`} flowId={chosen.flowId} stepId={chosen.stepId} />;
}
