/**
 * The GraphQL SDL under a folder, read the way the server merges it: the operation names it defines
 * (lint), one schema (the build), and the document a `call:` binding sends for an operation.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  buildASTSchema, getNamedType, getNullableType, isNonNullType, Kind, parse, type DefinitionNode, isObjectType, isScalarType, isEnumType,
  isInputObjectType, type GraphQLField, type GraphQLInputType, type GraphQLObjectType, type GraphQLSchema,
} from 'graphql';
import type { GraphQLCachePolicy } from '../core/bundle';
import type { GraphqlArgShape, GraphqlShapes } from '../core/lint/checkBindings';

function sdlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sdlFiles(path);
    return /\.(graphql|gql)$/.test(name) ? [path] : [];
  });
}

/** The text of every `.graphql` file under `dir`, in path order. */
export function sdlTexts(dir: string): string[] {
  return sdlFiles(dir).sort().map((f) => readFileSync(f, 'utf8'));
}

/** Operation names (fields of Query, Mutation, Subscription) in the SDL files under `dir`; undefined when there are none. */
export function graphqlOperations(dir: string): string[] | undefined {
  const texts = sdlTexts(dir);
  if (texts.length === 0) return undefined;
  const names: string[] = [];
  for (const text of texts) {
    for (const definition of parse(text).definitions) {
      const isRoot = definition.kind === Kind.OBJECT_TYPE_DEFINITION || definition.kind === Kind.OBJECT_TYPE_EXTENSION;
      if (isRoot && ['Query', 'Mutation', 'Subscription'].includes(definition.name.value)) {
        for (const field of definition.fields ?? []) names.push(field.name.value);
      }
    }
  }
  return names;
}

/** Builds a schema from every `.graphql` file under `dir` (types merged as the server merges them), or undefined when there is none. */
export function loadSdl(dir: string): GraphQLSchema | undefined {
  const texts = sdlTexts(dir);
  if (!texts.length) return undefined;
  // Files each declare `type Query` / `type Mutation`; later ones become extensions, as yoga merges them.
  const seen = new Set<string>();
  const definitions: DefinitionNode[] = texts.flatMap((text) => parse(text).definitions).map((def) => {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION) return def;
    if (!seen.has(def.name.value)) {
      seen.add(def.name.value);
      return def;
    }
    return { ...def, kind: Kind.OBJECT_TYPE_EXTENSION } as DefinitionNode;
  });
  return buildASTSchema({ kind: Kind.DOCUMENT, definitions });
}

function selection(type: GraphQLObjectType, depth: number): string {
  const parts: string[] = [];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => a.type.toString().endsWith('!'))) continue;
    const named = getNamedType(field.type);
    if (isScalarType(named) || isEnumType(named)) parts.push(field.name);
    else if (isObjectType(named) && depth > 0) parts.push(`${field.name} ${selection(named, depth - 1)}`);
  }
  return `{ ${parts.join(' ')} }`;
}

/**
 * The GraphQL document a `call: <name>` binding sends, generated from the SDL: every argument
 * as a variable, and the result's scalar fields (two levels deep).
 */
export function operationDocument(schema: GraphQLSchema, name: string): string | undefined {
  const roots: [string, GraphQLObjectType | null | undefined][] = [['mutation', schema.getMutationType()], ['query', schema.getQueryType()]];
  for (const [kind, root] of roots) {
    const field: GraphQLField<unknown, unknown> | undefined = root?.getFields()[name];
    if (!field) continue;
    const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const args = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const named = getNamedType(field.type);
    const sel = isObjectType(named) ? ` ${selection(named, 2)}` : '';
    return `${kind} ${name}${vars ? `(${vars})` : ''} { ${name}${args ? `(${args})` : ''}${sel} }`;
  }
  return undefined;
}

/** The root field behind a `call: <name>` binding (a mutation's or a query's), if the schema has one. */
function rootField(schema: GraphQLSchema, name: string): GraphQLField<unknown, unknown> | undefined {
  return schema.getMutationType()?.getFields()[name] ?? schema.getQueryType()?.getFields()[name];
}

/**
 * The browser client's cache policy for `operations` (binding names): those whose field carries
 * `@noCache`, and the key fields of every object type their answers hold (its non-null `ID` fields; none: `false`).
 */
export function cachePolicy(schemas: (GraphQLSchema | undefined)[], operations: string[]): GraphQLCachePolicy {
  const noCache = new Set<string>();
  const keyFields: GraphQLCachePolicy['keyFields'] = {};
  for (const schema of schemas) {
    if (!schema) continue;
    // The object types the operations' answers can hold.
    const pending: GraphQLObjectType[] = [];
    for (const name of operations) {
      const field = rootField(schema, name);
      if (field?.astNode?.directives?.some((d) => d.name.value === 'noCache')) noCache.add(name);
      const named = field && getNamedType(field.type);
      if (isObjectType(named)) pending.push(named);
    }
    for (let type = pending.pop(); type; type = pending.pop()) {
      if (type.name in keyFields) continue;
      const fields = Object.values(type.getFields());
      const ids = fields.filter((f) => isNonNullType(f.type) && String(getNullableType(f.type)) === 'ID').map((f) => f.name);
      keyFields[type.name] = ids.length ? ids : false;
      for (const f of fields) {
        const named = getNamedType(f.type);
        if (isObjectType(named)) pending.push(named);
      }
    }
  }
  return { noCache: [...noCache].sort(), keyFields };
}

/**
 * The argument shapes of every operation in the SDL under `dir` (lint checks binding variables
 * against them): each argument's and input field's type as written (`[ID!]!`) and whether it is
 * required (non-null, no default); enum values; undefined when there is no SDL.
 */
export function graphqlShapes(dir: string): GraphqlShapes | undefined {
  const schema = loadSdl(dir);
  if (!schema) return undefined;
  const shape = (field: { type: GraphQLInputType; defaultValue?: unknown }): GraphqlArgShape => ({
    type: field.type.toString(),
    required: isNonNullType(field.type) && field.defaultValue === undefined,
  });
  const operations: GraphqlShapes['operations'] = {};
  for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) operations[field.name] = Object.fromEntries(field.args.map((a) => [a.name, shape(a)]));
  }
  const inputs: GraphqlShapes['inputs'] = {};
  const enums: GraphqlShapes['enums'] = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isInputObjectType(type)) inputs[type.name] = Object.fromEntries(Object.values(type.getFields()).map((f) => [f.name, shape(f)]));
    else if (isEnumType(type)) enums[type.name] = type.getValues().map((v) => v.name);
  }
  return { operations, inputs, enums };
}
