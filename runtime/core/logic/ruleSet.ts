import type { Logic } from '../types';
import type { LogicInstance } from './createLogic';
import { ANY_PATH, varPaths } from './dependencies';

/** Named rules evaluated together, re-evaluating only what a change can affect. */
export interface RuleSet {
  /** Rule name -> the root paths it reads. */
  readonly dependencies: Record<string, string[]>;
  /** Evaluate every rule and remember the values. */
  evaluateAll(data: unknown): Record<string, unknown>;
  /** Re-evaluate only the rules reading `changedPath` (or its ancestors or descendants); returns those. */
  update(changedPath: string, data: unknown): Record<string, unknown>;
  /** Names of the rules a change at `changedPath` affects. */
  affected(changedPath: string): string[];
  /** Last value of every rule. */
  values(): Record<string, unknown>;
}

/**
 * Build a rule set with a dependency index of `var` paths.
 * @example
 * const rules = createRuleSet({ showB: { '==': [{ var: 'form.a' }, 'yes'] } }, logic);
 * rules.evaluateAll(ctx); rules.update('form.a', nextCtx); // re-evaluates showB only
 */
export function createRuleSet(rules: Record<string, Logic>, logic: LogicInstance): RuleSet {
  const dependencies: Record<string, string[]> = {};
  const exact = new Map<string, Set<string>>();
  const under = new Map<string, Set<string>>();
  const always = new Set<string>();
  const add = (index: Map<string, Set<string>>, key: string, name: string) => {
    let set = index.get(key);
    if (!set) index.set(key, (set = new Set()));
    set.add(name);
  };
  for (const [name, rule] of Object.entries(rules)) {
    const paths = varPaths(rule);
    dependencies[name] = paths;
    for (const path of paths) {
      if (path === ANY_PATH) {
        always.add(name);
        continue;
      }
      add(exact, path, name);
      const parts = path.split('.');
      for (let n = 1; n <= parts.length; n++) add(under, parts.slice(0, n).join('.'), name);
    }
  }
  let current: Record<string, unknown> = {};

  const affected = (changedPath: string): string[] => {
    const names = new Set<string>(always);
    // Rules reading the changed path or anything below it.
    for (const name of under.get(changedPath) ?? []) names.add(name);
    // Rules reading an ancestor of the changed path.
    const parts = changedPath.split('.');
    for (let n = 1; n < parts.length; n++) for (const name of exact.get(parts.slice(0, n).join('.')) ?? []) names.add(name);
    return [...names];
  };

  return {
    dependencies,
    evaluateAll(data) {
      current = {};
      for (const [name, rule] of Object.entries(rules)) current[name] = logic.evaluate(rule, data);
      return { ...current };
    },
    update(changedPath, data) {
      const changed: Record<string, unknown> = {};
      for (const name of affected(changedPath)) {
        changed[name] = logic.evaluate(rules[name], data);
        current[name] = changed[name];
      }
      return changed;
    },
    affected,
    values: () => ({ ...current }),
  };
}
