import type { DefinitionError, DefinitionSet, FlowDef } from '../types';
import type { JsonSchema } from '../definitionSet';
import { didYouMean, errorAt } from '../source';
import { isNamedRoute } from '../flow/effects';
import { eachTransition } from '../flow/walkFlow';

/** The record schema's field names along a record path (`scoreboard.x.y`): undefined where a level is open. */
function recordNames(defs: DefinitionSet, path: string[]): string[] | undefined {
  const [root, ...rest] = path;
  let node = defs.schemas[defs.config.recordSchemas?.[root] ?? ''] as JsonSchema | undefined;
  for (const part of rest) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part];
  const properties = node?.properties as Record<string, unknown> | undefined;
  return properties ? Object.keys(properties) : undefined;
}

/** Whether a step name (`flow.step` or a step of `flow`) names a step. */
function stepNamed(defs: DefinitionSet, flow: FlowDef, name: string): boolean {
  const dot = name.indexOf('.');
  const owner = dot < 0 ? flow : defs.flows[name.slice(0, dot)];
  return owner?.steps?.[dot < 0 ? name : name.slice(dot + 1)] !== undefined;
}

/**
 * The record's constructs name real things, each finding at its own line: a `save:` path is a field of the record
 * schema (its root one of `recordSchemas`), and the configuration has `record.save`; a `request:` event moves a
 * status in some status flow, and the configuration has `record.request`; `navigate: { step }` (a literal) and a
 * step's `screen` name a step (`flow.step` or a step of the flow).
 */
export function checkRecordEffects(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  const statusEvents = new Set(Object.values(defs.flows).filter((f) => f.status).flatMap((f) => eachTransition(f).filter((t) => t.transition.status !== undefined).map((t) => t.event)));
  const roots = Object.keys(defs.config.recordSchemas ?? {});
  for (const [id, flow] of Object.entries(defs.flows)) {
    const file = defs.flowFiles[id];
    for (const [stepId, step] of Object.entries(flow.steps ?? {})) {
      if (typeof step.screen === 'string' && !stepNamed(defs, flow, step.screen)) {
        out.push(errorAt(defs.sources, file, `/steps/${stepId}/screen`, `screen '${step.screen}' names no step`, `name a step of this flow or flow.step`));
      }
    }
    for (const site of eachTransition(flow)) {
      (site.transition.effects ?? []).forEach((effect, i) => {
        const at = `${site.pointer}/effects/${i}`;
        if ('save' in effect) {
          if (!defs.config.record?.save) out.push(errorAt(defs.sources, file, `${at}/save`, `a save needs the configuration's record.save binding`, `add record.save to fleetform.yaml`));
          const parts = effect.save.split('.');
          if (!roots.includes(parts[0])) {
            out.push(errorAt(defs.sources, file, `${at}/save`, `'${effect.save}' is not a record path`, `record roots: ${roots.join(', ')}`));
            return;
          }
          for (let n = 1; n < parts.length; n++) {
            const known = recordNames(defs, parts.slice(0, n));
            if (!known) break;
            if (!known.includes(parts[n])) {
              out.push(errorAt(defs.sources, file, `${at}/save`, `'${parts.slice(0, n + 1).join('.')}' is not a field of the record`, didYouMean(parts[n], known)));
              break;
            }
          }
        } else if ('request' in effect) {
          if (!defs.config.record?.request) out.push(errorAt(defs.sources, file, `${at}/request`, `a request needs the configuration's record.request binding`, `add record.request to fleetform.yaml`));
          if (!statusEvents.has(effect.request)) out.push(errorAt(defs.sources, file, `${at}/request`, `no status flow moves on '${effect.request}'`, didYouMean(effect.request, [...statusEvents])));
        } else if ('navigate' in effect && isNamedRoute(effect.navigate) && typeof effect.navigate.step === 'string' && !stepNamed(defs, flow, effect.navigate.step)) {
          out.push(errorAt(defs.sources, file, `${at}/navigate/step`, `navigate: '${effect.navigate.step}' names no step`, `name a step of this flow or flow.step`));
        }
      });
    }
  }
  return out;
}
