import type { DefinitionError, DefinitionSet, StepDef } from '../types';
import { errorAt, toPointer } from '../source';
import { stepPattern } from '../flow/stepRoute';

/** A step that opens at a route (its own route or one of its aliases), with where that route is written. */
interface Site {
  flow: string;
  step: string;
  def: StepDef;
  file: string;
  pointer: string;
}

/** Whether a step is a page of its own: it shows blocks or acts when opened (a bare status step is neither). */
const isPage = (step: StepDef) => (step.blocks ?? []).length > 0 || !!step.on?.enter;

/** Whether the route's step choice (runtime/react chooseStep) can tell two steps apart: a `when` of one, or roles no user holds for both. */
function separated(a: StepDef, b: StepDef): boolean {
  if (a.roles && b.roles && !a.roles.some((role) => b.roles?.includes(role))) return true;
  if (a.when === undefined && b.when === undefined) return false;
  return JSON.stringify(a.when) !== JSON.stringify(b.when);
}

/**
 * Two page steps on one route (a step's route or alias; `:param` names aside) that neither a `when` (one has
 * it, or theirs differ) nor disjoint `roles` separates: the first in route order always wins and the other
 * never shows, or shows to users it was not meant for (a copied `logout` step on `/error` signs a user out).
 * Steps of several flows sharing a route by design are separated so. Reported at each of the two routes.
 */
export function checkRoutes(defs: DefinitionSet): DefinitionError[] {
  const byRoute = new Map<string, Site[]>();
  for (const [flowId, flow] of Object.entries(defs.flows)) {
    for (const [stepId, step] of Object.entries(flow.steps ?? {})) {
      if (!step || !isPage(step)) continue;
      const file = defs.flowFiles[flowId];
      const at = toPointer(['steps', stepId]);
      const routes: [string, string][] = [[stepPattern(flow, stepId), step.route === undefined ? at : `${at}/route`], ...(step.aliases ?? []).map((alias, i) => [alias, `${at}/aliases/${i}`] as [string, string])];
      for (const [route, pointer] of routes) {
        const key = route.replace(/:[A-Za-z0-9_]+/g, ':');
        byRoute.set(key, [...(byRoute.get(key) ?? []), { flow: flowId, step: stepId, def: step, file, pointer }]);
      }
    }
  }
  const out: DefinitionError[] = [];
  const where = (site: Site) => {
    const at = errorAt(defs.sources, site.file, site.pointer, '', '');
    return `${site.flow}.${site.step} (${at.file}:${at.line})`;
  };
  for (const [route, sites] of byRoute) {
    sites.forEach((site, i) => {
      for (const other of sites.filter((o, j) => j !== i && !(o.flow === site.flow && o.step === site.step))) {
        if (separated(site.def, other.def)) continue;
        out.push(errorAt(defs.sources, site.file, site.pointer, `route '${route}' opens both ${site.flow}.${site.step} and ${where(other)}: nothing tells them apart, so one of them never shows`,
          `give one of them its own route, a 'when' saying when it is the page, or roles the other does not have`));
        break;
      }
    });
  }
  return out;
}
