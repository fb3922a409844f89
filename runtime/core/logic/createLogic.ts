import jsonLogic from 'json-logic-js';
import type { Logic as LogicExpression } from '../types';
import { coreFunctions, type FunctionDef } from '../functions';
import { BUILTIN_LOGIC_OPS, coreLogicOps, type LogicOp, type LogicOps } from './ops';
import { isOperation, templateParts } from './template';

/** A set of logic operations and functions, and the evaluation that uses exactly those. */
export interface LogicInstance {
  /** Evaluate an expression (json-logic-js semantics plus this instance's operations and functions). */
  evaluate(logic: LogicExpression, data: unknown): unknown;
  /** Evaluate and apply JSON-logic truthiness; an absent expression holds. */
  holds(logic: LogicExpression | undefined, data: unknown): boolean;
  /**
   * Evaluate a template: an operation (a one-key object naming one of this instance's operations) is
   * evaluated; any other object or list is kept with each value evaluated as a template, and object
   * members that come out null or undefined are left out (an absent answer is not sent as null). So
   * effect variables and widget props can nest literal objects around logic.
   * @example logic.evaluateTemplate({ filters: { page: { var: 'state.page' }, size: 25, max: { var: 'state.none' } } }, ctx) // { filters: { page: 2, size: 25 } }
   */
  evaluateTemplate(template: unknown, data: unknown): unknown;
  /** The logic expressions inside a template (what `evaluateTemplate` would evaluate). */
  templateParts(template: unknown): unknown[];
  /** Every operation name this instance knows: json-logic-js's, the added operations, the functions. */
  readonly operations: readonly string[];
  /** Function name -> definition (signature for lint and docs). */
  readonly functions: Readonly<Record<string, FunctionDef>>;
}

/** What an instance is made of; the runtime's own operations and generic functions are always in. */
export interface LogicOptions {
  ops?: LogicOps;
  functions?: readonly FunctionDef[];
}

/**
 * json-logic-js keeps one table of operations per module (`add_operation` / `rm_operation`; its
 * `apply` reads no other). Nothing is registered at import: an instance puts its own operations in
 * that table just before it evaluates (only when another instance's are there) and puts back the
 * caller's in `finally`, so two instances (tenants, tests) never see each other's operations. This is
 * safe because json-logic-js evaluates synchronously: no other evaluation can run between the swap
 * and the restore (an operation that evaluates with another instance nests, and gets its own table
 * back; tests/unit/core/logic.test.ts covers it). Evaluating custom operations without the table
 * would mean re-implementing json-logic-js's scoped and lazy operations (`map`, `filter`, `reduce`,
 * `if`, `and`, `or` ...), whose arguments may hold custom operations evaluated per item.
 */
let installed: LogicOps | undefined;

function install(table: LogicOps): void {
  if (installed === table) return;
  for (const name of Object.keys(installed ?? {})) jsonLogic.rm_operation(name);
  for (const [name, op] of Object.entries(table)) jsonLogic.add_operation(name, op as (...args: unknown[]) => unknown);
  installed = table;
}

/** JSON-logic truthiness (`[]` is false, unlike JavaScript). */
export function truthy(value: unknown): boolean {
  return jsonLogic.truthy(value);
}

/**
 * Create a logic instance: the runtime's operations and generic functions plus `ops` and `functions`
 * (an extension's, a test's). Names must not repeat.
 * @example const logic = createLogic({ functions: extensionFunctions }); logic.evaluate({ lastPage: [60, 25] }, {}) // 3
 */
export function createLogic(options: LogicOptions = {}): LogicInstance {
  const table: LogicOps = { ...coreLogicOps };
  const functions: Record<string, FunctionDef> = {};
  const add = (name: string, op: LogicOp) => {
    if (name in table || BUILTIN_LOGIC_OPS.includes(name)) throw new Error(`logic operation '${name}' is defined twice`);
    table[name] = op;
  };
  for (const [name, op] of Object.entries(options.ops ?? {})) add(name, op);
  for (const fn of [...coreFunctions, ...(options.functions ?? [])]) {
    add(fn.name, fn.fn as LogicOp);
    functions[fn.name] = fn;
  }
  const operations = [...BUILTIN_LOGIC_OPS, ...Object.keys(table)];
  const known: ReadonlySet<string> = new Set(operations);

  const evaluate = (logic: LogicExpression, data: unknown): unknown => {
    const before = installed;
    install(table);
    try {
      return jsonLogic.apply(logic as Parameters<typeof jsonLogic.apply>[0], data);
    } finally {
      // An operation may evaluate with another instance: put back what the caller evaluates with.
      if (before) install(before);
    }
  };
  const evaluateTemplate = (template: unknown, data: unknown): unknown => {
    if (Array.isArray(template)) return template.map((item) => evaluateTemplate(item, data));
    if (template === null || typeof template !== 'object') return template;
    if (isOperation(template, known)) return evaluate(template as LogicExpression, data);
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, evaluateTemplate(v, data)]).filter(([, v]) => v !== null && v !== undefined));
  };
  return {
    evaluate,
    holds: (logic, data) => logic === undefined || truthy(evaluate(logic, data)),
    evaluateTemplate,
    templateParts: (template) => templateParts(template, known),
    operations,
    functions,
  };
}
