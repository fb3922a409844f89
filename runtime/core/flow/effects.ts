import type { EffectDef, Logic, LogicContext } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import { setPath } from '../source/pointer';
import type { FlowEffect } from './flowTypes';

const evaluateMap = (map: Record<string, Logic> | undefined, context: LogicContext, logic: LogicInstance) =>
  Object.fromEntries(Object.entries(map ?? {}).map(([k, template]) => [k, logic.evaluateTemplate(template, context)]));

/** Evaluate effect definitions in order; a `set` is visible to the effects after it. */
export function resolveEffects(effects: EffectDef[] | undefined, context: LogicContext, logic: LogicInstance): { effects: FlowEffect[]; context: LogicContext } {
  let current = context;
  const out: FlowEffect[] = [];
  for (const effect of effects ?? []) {
    if (effect.when !== undefined && !logic.holds(effect.when, current)) continue;
    if ('call' in effect) {
      out.push({
        kind: 'call', operation: effect.call, variables: evaluateMap(effect.variables, current, logic),
        ...(effect.result === undefined ? {} : { result: effect.result }),
        ...(effect.onError ? { onError: effect.onError } : {}),
      });
    } else if ('set' in effect) {
      const value = logic.evaluateTemplate(effect.value, current);
      out.push({ kind: 'set', path: effect.set, value });
      current = setPath(current, effect.set, value);
    } else if ('navigate' in effect) {
      out.push({ kind: 'go', to: String(logic.evaluateTemplate(effect.navigate, current) ?? ''), ...(effect.replace ? { replace: true } : {}) });
    } else {
      out.push({ kind: 'effect', name: effect.effect, params: evaluateMap(effect.params, current, logic), ...(effect.onError ? { onError: effect.onError } : {}) });
    }
  }
  return { effects: out, context: current };
}
