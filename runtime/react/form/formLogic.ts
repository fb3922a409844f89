import { createRuleSet, pathsOverlap, truthy, varPaths, type LogicInstance } from '../../core/logic';
import { normalizeValues, schemaRules, validateForm, type MissingText } from '../../core/messages';
import type { FormBlock, FormatDef, JsonSchema, Logic, LogicContext } from '../../core/types';
import type { CompiledValidator, FieldStates, FormLogic } from './formStore';

/** Inputs of {@link createFormLogic}. */
export interface FormLogicOptions {
  block: FormBlock;
  schema: JsonSchema;
  uiSchema: Record<string, unknown>;
  validate: CompiledValidator;
  messages: Record<string, string>;
  formats: Record<string, FormatDef>;
  /** Reads the current step context (user, record, settings ...); `form` is filled with the values. */
  context: () => LogicContext;
  /** The logic instance rules and conditions evaluate with. */
  logic: LogicInstance;
  /** Told of a message that renders empty (missing key, unfilled placeholder). */
  onMissing?: MissingText;
}

/** Collects `ui:visibleWhen` / `ui:enabledWhen` of every field: rule name `visible:<path>` / `enabled:<path>`. */
export function fieldRules(uiSchema: unknown, prefix = ''): Record<string, Logic> {
  const out: Record<string, Logic> = {};
  if (!uiSchema || typeof uiSchema !== 'object') return out;
  for (const [key, value] of Object.entries(uiSchema)) {
    if (key === 'ui:visibleWhen' && prefix) out[`visible:${prefix.slice(0, -1)}`] = value;
    else if (key === 'ui:enabledWhen' && prefix) out[`enabled:${prefix.slice(0, -1)}`] = value;
    else if (!key.startsWith('ui:')) Object.assign(out, fieldRules(value, `${prefix}${key}.`));
  }
  return out;
}

/** Overrides `over` laid over `base`, field by field and keyword by keyword. */
function mergeOverrides(base: Record<string, Record<string, string>> | undefined, over: Record<string, Record<string, string>>): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = { ...(base ?? {}) };
  for (const [field, map] of Object.entries(over)) out[field] = { ...(out[field] ?? {}), ...map };
  return out;
}

/**
 * The form's logic over core: one message per field (core's `validateForm` with the catalogue,
 * overrides and the block's rules), visibility / enablement through a rule set with a dependency
 * index (a change re-evaluates only rules reading it), and `submitEnabledWhen` (which also reads
 * `formErrors`: dotted field path -> the message the form shows now).
 */
export function createFormLogic(options: FormLogicOptions): FormLogic {
  const { block, schema, validate, messages, formats, context, logic } = options;
  const ruleSet = createRuleSet(fieldRules(options.uiSchema), logic);
  const hasRules = Object.keys(ruleSet.dependencies).length > 0;
  let evaluated = false;
  const withForm = (values: Record<string, unknown>, formErrors: Record<string, string> = {}): LogicContext =>
    ({ ...context(), form: values, formErrors });
  // The schema's own rules (`x-rules`, which the server enforces too) come before the block's.
  const rules = [...schemaRules(schema), ...(block.rules ?? [])];
  const untouchedOverrides = block.untouchedMessages ? mergeOverrides(block.messages, block.untouchedMessages) : undefined;
  // What reads the step's context besides the form's values: the rules (the field states), the error rules, the submit condition.
  const outsideForm = (paths: string[]) => paths.filter((path) => path !== 'form' && !path.startsWith('form.') && !path.startsWith('formErrors'));
  const errorReads = outsideForm(rules.flatMap((rule) => varPaths(rule.when)));
  const submitReads = outsideForm(block.submitEnabledWhen === undefined ? [] : varPaths(block.submitEnabledWhen));
  const ruleReads = outsideForm(Object.values(ruleSet.dependencies).flat());
  const reads = (paths: string[], keys: string[]) => paths.some((path) => keys.some((key) => pathsOverlap(key, path)));
  const fieldStates = (): FieldStates => {
    const hidden = new Set<string>();
    const disabled = new Set<string>();
    for (const [name, value] of Object.entries(ruleSet.values())) {
      if (truthy(value)) continue;
      const [kind, path] = [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)];
      (kind === 'visible' ? hidden : disabled).add(path);
    }
    return { hidden, disabled };
  };
  return {
    // Checked as stored: what a format ignores (a phone's spaces, an amount's separators) is dropped first.
    errors: (values) => validateForm(validate, normalizeValues(schema, values, formats), {
      schema, messages, formats, form: block.schema, overrides: block.messages, rules, logic, context: context(), onMissing: options.onMissing,
    }),
    states: (values, changed) => {
      if (!hasRules) return { hidden: new Set(), disabled: new Set() };
      if (!evaluated || !changed) ruleSet.evaluateAll(withForm(values));
      else ruleSet.update(`form.${changed}`, withForm(values));
      evaluated = true;
      return fieldStates();
    },
    contextChanged: (values, keys) => {
      const rulesRead = evaluated && reads(ruleReads, keys);
      if (rulesRead) for (const key of keys) ruleSet.update(key, withForm(values));
      return { states: rulesRead ? fieldStates() : undefined, errors: reads(errorReads, keys), submit: reads(submitReads, keys) };
    },
    // `formErrors`: the errors the form shows now (after a field's first blur, every one after submit).
    submitEnabled: (values, shown) => logic.holds(block.submitEnabledWhen, withForm(values, shown)),
    normalize: (values) => normalizeValues(schema, values, formats),
    // Leaving a field shows the errors of the rules checked on its blur (e.g. a card number on blur of its state).
    shownOnBlurOf: (path) => (block.rules ?? []).filter((rule) => rule.shownOnBlurOf?.includes(path)).map((rule) => rule.field),
    // The messages a field never focused shows after a submit: the block's untouched overrides over its own.
    ...(untouchedOverrides ? { untouchedErrors: (values: Record<string, unknown>) => validateForm(validate, normalizeValues(schema, values, formats), {
      schema, messages, formats, form: block.schema, overrides: untouchedOverrides, rules, logic, context: context(), onMissing: options.onMissing,
    }) } : {}),
  };
}
