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

function childSchema(node: JsonSchema, segment: string): JsonSchema | undefined {
  const props = node.properties as Record<string, JsonSchema> | undefined;
  if (props?.[segment]) return props[segment];
  if (/^\d+$/.test(segment) && node.items && typeof node.items === 'object') {
    return Array.isArray(node.items) ? (node.items[Number(segment)] as JsonSchema) : (node.items as JsonSchema);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (node[key] as JsonSchema[] | undefined) ?? []) {
      const found = childSchema(branch, segment);
      if (found) return found;
    }
  }
  for (const key of ['then', 'else']) {
    const branch = node[key] as JsonSchema | undefined;
    const found = branch && typeof branch === 'object' ? childSchema(branch, segment) : undefined;
    if (found) return found;
  }
  return undefined;
}
