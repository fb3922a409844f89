/**
 * Resolve a dotted record path through the record schema, one segment at a time: a segment is an own
 * property of its parent's schema (`properties`, an `additionalProperties` schema), or an array position
 * (`items`) that exists in the stored list or appends to it, below the schema's `maxItems`.
 */
import { childSchema, isIndexSegment } from '../../runtime/core/messages';
import { getPath } from '../../runtime/core/source/pointer';
import type { JsonSchema, ResolvedLayers } from '../../runtime/core/types';
import { refuse } from './errors';
import { RECORD_SCHEMAS } from './validateValue';

/** A resolved path: its schema and which of its segments are array positions. */
export interface RecordPath {
  /** Subschema describing the value at the path (unprepared). */
  schema: JsonSchema;
  /** Positions (into `path.split('.')`) of the segments that index a list. */
  listSegments: number[];
}

const isList = (schema: JsonSchema): boolean => schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array')) || schema.items !== undefined;

/**
 * Walk `path` through the record schema (layers applied) and the stored record. Throws INVALID_PATH,
 * naming the path and the segment, when a segment is not declared or a position is out of bounds.
 */
export function resolveRecordPath(layers: ResolvedLayers, record: unknown, path: string): RecordPath {
  const segments = path.split('.');
  const id = Object.hasOwn(RECORD_SCHEMAS, segments[0]) ? RECORD_SCHEMAS[segments[0]] : undefined;
  let node: JsonSchema | undefined = id && Object.prototype.hasOwnProperty.call(layers.schemas, id) ? layers.schemas[id] : undefined;
  const undeclared = (at: number, why: string) => refuse('INVALID_PATH', `'${path}' is not a field of the application record: ${why}`, { path, segment: segments[at] });
  if (!node) throw undeclared(0, `no record schema for '${segments[0]}'`);
  const listSegments: number[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i];
    const parent: JsonSchema = node;
    const child = childSchema(parent, segment);
    if (!child) throw undeclared(i, `'${segment}' is not declared under '${segments.slice(0, i).join('.')}'`);
    const declaredProperty = parent.properties !== undefined && Object.prototype.hasOwnProperty.call(parent.properties, segment);
    if (isIndexSegment(segment) && !declaredProperty && isList(parent)) {
      const position = Number(segment);
      const stored = getPath(record, segments.slice(0, i).join('.'));
      const max = typeof parent.maxItems === 'number' ? parent.maxItems : Infinity;
      const length = Array.isArray(stored) ? stored.length : stored === undefined || stored === null ? 0 : -1;
      if (length < 0) throw undeclared(i, `'${segments.slice(0, i).join('.')}' is stored as something other than a list`);
      if (position >= max) throw undeclared(i, `a list of at most ${max} entries has no position ${position}`);
      if (position > length) throw undeclared(i, `the list holds ${length} entr${length === 1 ? 'y' : 'ies'}: write position ${length} to add one`);
      listSegments.push(i);
    }
    node = child;
  }
  return { schema: node, listSegments };
}
