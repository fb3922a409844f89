import type { EffectDef, Logic, LogicContext, NamedRoute, SaveEffectDef } from '../types';
import type { LogicInstance } from '../logic/createLogic';
import { setPath } from '../source/pointer';
import type { FlowEffect } from './flowTypes';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A `navigate` value naming a step (`{ step, params? }`) rather than logic computing a path. */
export const isNamedRoute = (v: unknown): v is NamedRoute => isObject(v) && 'step' in v && Object.keys(v).every((k) => k === 'step' || k === 'params');

/**
 * A save's value: its `value` (default: the form's values), with the `with` members over it when both are objects; a
 * `with` member with no value (null, absent) is left out, as a template leaves it.
 */
function saveValue(effect: SaveEffectDef, context: LogicContext, logic: LogicInstance): unknown {
  const value = effect.value === undefined ? context.form : logic.evaluateTemplate(effect.value, context);
  if (!effect.with) return value;
  const members = Object.entries(evaluateMap(effect.with, context, logic)).filter(([, v]) => v !== null && v !== undefined);
  return { ...(isObject(value) ? value : {}), ...Object.fromEntries(members) };
}

const evaluateMap = (map: Record<string, Logic> | undefined, context: LogicContext, logic: LogicInstance) =>
  Object.fromEntries(Object.entries(map ?? {}).map(([k, template]) => [k, logic.evaluateTemplate(template, context)]));

/** Evaluate effect definitions in order; a `set` is visible to the effects after it. */
export function resolveEffects(effects: EffectDef[] | undefined, context: LogicContext, logic: LogicInstance): { effects: FlowEffect[]; context: LogicContext } {
  let current = context;
  const out: FlowEffect[] = [];
  for (const effect of effects ?? []) {
    if (effect.when !== undefined && !logic.holds(effect.when, current)) continue;
    const onError = 'onError' in effect && effect.onError ? { onError: effect.onError } : {};
    if ('call' in effect) {
      out.push({
        kind: 'call', operation: effect.call, variables: evaluateMap(effect.variables, current, logic),
        ...(effect.result === undefined ? {} : { result: effect.result }), ...onError,
        ...(effect.updatesRecord ? { updatesRecord: true } : {}),
      });
    } else if ('set' in effect) {
      const value = logic.evaluateTemplate(effect.value, current);
      out.push({ kind: 'set', path: effect.set, value });
      current = setPath(current, effect.set, value);
    } else if ('save' in effect) {
      out.push({ kind: 'save', path: effect.save, value: saveValue(effect, current, logic), ...(effect.result === undefined ? {} : { result: effect.result }), ...onError });
    } else if ('request' in effect) {
      out.push({ kind: 'request', event: effect.request, ...onError });
    } else if ('navigate' in effect) {
      const replace = effect.replace ? { replace: true } : {};
      if (isNamedRoute(effect.navigate)) {
        const params = { ...((current.params as Record<string, unknown> | undefined) ?? {}), ...evaluateMap(effect.navigate.params, current, logic) };
        out.push({ kind: 'goStep', step: String(logic.evaluateTemplate(effect.navigate.step, current) ?? ''), params, ...replace });
      } else out.push({ kind: 'go', to: String(logic.evaluateTemplate(effect.navigate, current) ?? ''), ...replace });
    } else {
      out.push({ kind: 'effect', name: effect.effect, params: evaluateMap(effect.params, current, logic), ...(effect.onError ? { onError: effect.onError } : {}) });
    }
  }
  return { effects: out, context: current };
}
