/**
 * Query state declared by a JSON Schema: a step's `queryState: { schema, case? }` stands for one page-state
 * declaration `{ source: query, ... }` per property of the schema (in its order, before the step's own
 * `state`), so a search whose fields a schema already describes is declared once. The loader writes them
 * out: everything after loading sees plain `state` declarations.
 */
import type { DefinitionError, SourceMaps } from '../types';
import type { SourcePosition } from '../definitionSet';
import { didYouMean, errorAt, positionOf, toPointer } from '../source';

/** A step's `queryState` as written. */
export interface QueryStateDef {
  /** A JSON Schema id under schemas/ whose properties are the query's names. */
  schema: string;
  /** Text lists and groups are read in this case. */
  case?: 'upper' | 'lower';
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The state declaration a schema property stands for: an integer is `int` (`minimum` kept, an `enum` the
 * values it snaps to), a string `text`, an array a `list` (of `int` when its items are integers), an
 * object a group list (`groups`); `default` kept. Undefined when the property has none of these types.
 */
export function queryStateOf(property: Json, textCase?: string): Json | undefined {
  const items = isObject(property.items) ? property.items : {};
  const withCase = textCase ? { case: textCase } : {};
  const typed: Record<string, Json> = {
    integer: { type: 'int', ...(property.minimum !== undefined ? { minimum: property.minimum } : {}), ...(Array.isArray(property.enum) ? { snap: property.enum } : {}) },
    string: { type: 'text' },
    array: items.type === 'integer' ? { type: 'list', items: 'int' } : { type: 'list', ...withCase },
    object: { type: 'groups', ...withCase },
  };
  const kind = typed[String(property.type)];
  if (!kind) return undefined;
  return { source: 'query', ...kind, ...('default' in property ? { default: property.default } : {}) };
}

/**
 * Write out every step's `queryState` of a flow (already fragment-expanded) as `state` declarations;
 * positions of the new declarations are those of the `queryState` that stands for them.
 */
export function expandQueryState(flow: Json, file: string, schemas: Record<string, unknown>, sources: SourceMaps, positions: Record<string, SourcePosition>): DefinitionError[] {
  const errors: DefinitionError[] = [];
  const steps = isObject(flow.steps) ? flow.steps : {};
  for (const [name, step] of Object.entries(steps)) {
    if (!isObject(step) || !isObject(step.queryState)) continue;
    const def = step.queryState as unknown as QueryStateDef;
    const at = toPointer(['steps', name, 'queryState']);
    delete step.queryState;
    const schema = schemas[def.schema];
    const properties = isObject(schema) && isObject(schema.properties) ? schema.properties : undefined;
    if (!properties) {
      errors.push(errorAt(sources, file, `${at}/schema`, `queryState: no schema '${def.schema}' with properties`, didYouMean(def.schema, Object.keys(schemas))));
      continue;
    }
    const declared: Json = {};
    for (const [field, property] of Object.entries(properties)) {
      const state = isObject(property) ? queryStateOf(property, def.case) : undefined;
      if (!state) {
        errors.push(errorAt(sources, file, `${at}/schema`, `queryState: property '${field}' of schema '${def.schema}' is not an integer, string, array or object`, 'give it one of those types, or declare it under state'));
        continue;
      }
      declared[field] = state;
      positions[toPointer(['steps', name, 'state', field])] = positions[at] ?? positionOf(sources[file], at);
    }
    const own = isObject(step.state) ? step.state : {};
    for (const field of Object.keys(own)) {
      if (field in declared) errors.push(errorAt(sources, file, toPointer(['steps', name, 'state', field]), `state '${field}' is already declared by queryState (schema '${def.schema}')`, 'drop one of them'));
    }
    step.state = { ...declared, ...own };
    positions[toPointer(['steps', name, 'state'])] ??= positions[at];
  }
  return errors;
}
