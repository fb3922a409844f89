import type { DefinitionError, DefinitionSet, FlowDef } from '../types';
import { errorAt, toPointer } from '../source';
import { eachTransition } from '../flow/walkFlow';
import { stepStatuses } from '../flow/stepStatus';
import { isNamedRoute } from '../flow/effects';

/**
 * Steps of a flow nothing leads to. Entry points: `initial`, steps whose route is absolute
 * (`/x`, opened by URL) and steps with a `when` (their route opens them while it holds). A step is reached by a transition targeting it from a reached step, or by
 * being active in a status that is the initial one or that a reached step's transition sets, by being the
 * `screen` of a reached step, or by a reached step's `navigate: { step }` naming it.
 */
export function unreachableSteps(flow: FlowDef): string[] {
  const steps = flow.steps ?? {};
  // Entry points: the initial step, steps at absolute routes, and steps whose `when` opens their route.
  const reached = new Set<string>([flow.initial, ...Object.keys(steps).filter((s) => steps[s]?.route?.startsWith('/') || steps[s]?.when !== undefined)]);
  const statuses = new Set<string>(flow.status?.initial ? [flow.status.initial] : []);
  const sites = eachTransition(flow);
  for (let grew = true; grew; ) {
    grew = false;
    for (const site of sites) {
      if (!reached.has(site.step)) continue;
      // A transition's target, and the steps its effects go to by name (`navigate: { step }`, a literal of this flow).
      const named = (site.transition?.effects ?? []).flatMap((e) => ('navigate' in e && isNamedRoute(e.navigate) && typeof e.navigate.step === 'string' ? [e.navigate.step] : []));
      for (const target of [site.transition?.target, ...named]) {
        if (typeof target === 'string' && target in steps && !reached.has(target)) {
          reached.add(target);
          grew = true;
        }
      }
      const status = site.transition?.status;
      if (typeof status === 'string' && !statuses.has(status)) {
        statuses.add(status);
        grew = true;
      }
    }
    for (const [id, step] of Object.entries(steps)) {
      if (!reached.has(id) && stepStatuses(step).some((s) => statuses.has(s))) {
        reached.add(id);
        grew = true;
      }
      // A reached status step shows its screen (`screen`, a step of this flow).
      const screen = step?.screen;
      if (reached.has(id) && typeof screen === 'string' && screen in steps && !reached.has(screen)) {
        reached.add(screen);
        grew = true;
      }
    }
  }
  return Object.keys(steps).filter((step) => !reached.has(step));
}

/** A finding for every unreachable step. */
export function checkReachability(defs: DefinitionSet): DefinitionError[] {
  return Object.entries(defs.flows).flatMap(([id, flow]) =>
    unreachableSteps(flow).map((step) =>
      errorAt(defs.sources, defs.flowFiles[id], toPointer(['steps', step]), `step '${step}' is unreachable from '${flow.initial}'`, 'add a transition targeting it or setting its status, or remove the step'),
    ),
  );
}
