import { fromPointer } from '../source/pointer';
import type { JsonSchema } from '../types';

/** The part of an ajv (or standalone) validation error the runtime reads. */
export interface ValidationErrorLike {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  schemaPath?: string;
  message?: string;
}

/** The dotted field path an ajv error is about (`/a/0/b` -> `a.0.b`; `required` adds the missing property). */
export function fieldPathOf(error: ValidationErrorLike): string {
  const base = fromPointer(error.instancePath);
  const missing = error.params?.missingProperty;
  if ((error.keyword === 'required' || error.keyword === 'dependencies') && typeof missing === 'string') base.push(missing);
  return base.join('.');
}

const lookups = new WeakMap<JsonSchema, Map<string, JsonSchema | undefined>>();

/** The subschema describing a dotted field path (through properties, items and allOf/anyOf/oneOf/then/else); cached per schema. */
export function schemaAtPath(schema: JsonSchema, path: string): JsonSchema | undefined {
  let cache = lookups.get(schema);
  if (!cache) lookups.set(schema, (cache = new Map()));
  if (cache.has(path)) return cache.get(path);
  const found = findSchemaAtPath(schema, path);
  cache.set(path, found);
  return found;
}

function findSchemaAtPath(schema: JsonSchema, path: string): JsonSchema | undefined {
  let node: JsonSchema | undefined = schema;
  for (const segment of path === '' ? [] : path.split('.')) {
    node = node ? childSchema(node, segment) : undefined;
    if (!node) return undefined;
  }
  return node;
}

/** Whether `key` is an own member of `node` (never an inherited name such as `__proto__` or `toString`). */
const hasOwn = (node: unknown, key: string): boolean => node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, key);

/** A member that is a schema: an object, or `true` (any value, read as `{}`). */
function asSchema(value: unknown): JsonSchema | undefined {
  if (value === true) return {};
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** A canonical array position (`0`, `7`, `12`; not `01` or `-1`). */
export const isIndexSegment = (segment: string): boolean => /^(0|[1-9][0-9]{0,8})$/.test(segment);

/**
 * The subschema of one path segment: an own `properties` member, an `items` schema for an array
 * position, an `additionalProperties` schema, or the same through allOf/anyOf/oneOf/then/else.
 */
export function childSchema(node: JsonSchema, segment: string): JsonSchema | undefined {
  const props = node.properties;
  if (hasOwn(props, segment)) {
    const own = asSchema((props as Record<string, unknown>)[segment]);
    if (own) return own;
  }
  if (isIndexSegment(segment) && node.items && typeof node.items === 'object') {
    return Array.isArray(node.items) ? asSchema(node.items[Number(segment)]) : asSchema(node.items);
  }
  const extra = node.additionalProperties;
  if (extra !== null && typeof extra === 'object' && !Array.isArray(extra)) return extra as JsonSchema;
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const branches = node[key];
    if (!Array.isArray(branches)) continue;
    for (const branch of branches as unknown[]) {
      const schema = asSchema(branch);
      const found = schema ? childSchema(schema, segment) : undefined;
      if (found) return found;
    }
  }
  for (const key of ['then', 'else']) {
    const branch = asSchema(node[key]);
    const found = branch ? childSchema(branch, segment) : undefined;
    if (found) return found;
  }
  return undefined;
}
