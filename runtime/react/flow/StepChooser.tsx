import { use } from 'react';
import { matchPath, Navigate, useLocation, useParams } from 'react-router-dom';
import { flowViewsLoaded } from '../blocks/BlockList';
import { useRuntime } from '../RuntimeContext';
import { chooseStep, type StepCandidate } from './chooseStep';
import { StepScreen } from './StepScreen';

export type { StepCandidate } from './chooseStep';

/**
 * When several flows put a step on the same route (e.g. two journeys over one record, both
 * with `/records/:id/review`, or one home address with a screen per kind of user), shows the
 * step {@link chooseStep} picks: the first whose `when` holds and whose roles the user holds.
 * With a sign-in gate, an anonymous visitor of a non-public route goes to the sign-in path. When the flows arrive
 * in parts, the choice reads the core's route stubs and the step shows once its flow's part is there (the
 * screen before stays meanwhile: a navigation is a transition), with the lazily loaded views laid out with its
 * pages (a whole bundle's flow waits for those alone; a render the server made loads them as it renders).
 */
export function StepChooser({ candidates }: { candidates: StepCandidate[] }) {
  const rt = useRuntime();
  const params = useParams();
  const { pathname } = useLocation();
  if (rt.signIn && !rt.user && !rt.signIn.publicPaths.some((pattern) => matchPath(pattern, pathname))) {
    return <Navigate to={rt.signIn.path} replace />;
  }
  const context = { record: rt.record, user: rt.user, settings: rt.bundle.settings, params };
  const chosen = chooseStep(rt.bundle.flows, candidates, context, rt.logic);
  if (rt.parts) use(rt.parts.load(chosen.flowId));
  else if (!rt.hydrating) use(flowViewsLoaded(rt.bundle.flows[chosen.flowId]));
  return <StepScreen key={`${chosen.flowId}/${chosen.stepId}`} flowId={chosen.flowId} stepId={chosen.stepId} />;
}
