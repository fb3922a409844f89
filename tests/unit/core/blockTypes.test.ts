/**
 * runtime/core/blocks.ts (the block types the runtime reads) against schemas/meta/blocks.json (what
 * the loader accepts): the same block types, and for each its properties, which are required and,
 * where the schema is simple, their types. blocks.ts is read with the TypeScript parser. Fails when
 * one side gains, loses or changes a block or a property and the other does not follow.
 *
 * Not compared: schema parts the loader expands before the runtime sees the block (`oneOf`, `anyOf`,
 * `if`/`then`; e.g. a shorthand form of a property) and constraints TypeScript cannot state
 * (patterns, bounds, "one of these properties").
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const TYPES_FILE = 'runtime/core/blocks.ts';

/** A type both sides can state; `any`: not compared (the schema is not simple). */
type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'unknown' | 'Logic' | 'BlockDef' | 'any' }
  | { kind: 'enum'; values: string[] }
  | { kind: 'array' | 'record'; of: Shape }
  | { kind: 'object'; props: Record<string, { shape: Shape; required: boolean }> };

interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  oneOf?: unknown;
  anyOf?: unknown;
  allOf?: { if?: { properties?: { type?: { const?: string } } }; then?: JsonSchema }[];
  if?: unknown;
  [keyword: string]: unknown;
}

const meta = JSON.parse(readFileSync(resolve(ROOT, 'schemas/meta/blocks.json'), 'utf8')) as { definitions: Record<string, JsonSchema> };
const defs = meta.definitions;

/** Named definitions that stand for a TypeScript type of their own. */
const REFS: Record<string, Shape> = {
  '#/definitions/logic': { kind: 'Logic' },
  '#/definitions/messageKey': { kind: 'string' },
  '#/definitions/blocks': { kind: 'array', of: { kind: 'BlockDef' } },
};

/** What a schema says a value is, as a Shape. */
function schemaShape(schema: JsonSchema): Shape {
  if (schema.$ref) {
    // A named definition without a type of its own (e.g. `clientOnly`) is compared as what it holds.
    const named = /^#\/definitions\/(\w+)$/.exec(schema.$ref)?.[1];
    return REFS[schema.$ref] ?? (named && defs[named] && named !== 'blocks' ? schemaShape(defs[named]) : { kind: 'any' });
  }
  if (schema.oneOf || schema.anyOf || schema.allOf || schema.if || Array.isArray(schema.type)) return { kind: 'any' };
  if (schema.enum) return { kind: 'enum', values: schema.enum.map(String).sort() };
  switch (schema.type) {
    case 'string': return { kind: 'string' };
    case 'integer': case 'number': return { kind: 'number' };
    case 'boolean': return { kind: 'boolean' };
    case 'array': return { kind: 'array', of: schema.items ? schemaShape(schema.items) : { kind: 'unknown' } };
    case 'object':
      if (schema.properties) {
        const required = new Set(schema.required ?? []);
        return { kind: 'object', props: Object.fromEntries(Object.entries(schema.properties).map(([name, s]) => [name, { shape: schemaShape(s), required: required.has(name) }])) };
      }
      return { kind: 'record', of: typeof schema.additionalProperties === 'object' ? schemaShape(schema.additionalProperties) : { kind: 'unknown' } };
    case undefined: return Object.keys(schema).every((k) => k === 'description') ? { kind: 'unknown' } : { kind: 'any' };
    default: return { kind: 'any' };
  }
}

/** The block types of blocks.ts: `BlockDef`'s members by their `type`, each with its own and its base's properties. */
function typeShapes(): Record<string, Shape> {
  const file = ts.createSourceFile(TYPES_FILE, readFileSync(resolve(ROOT, TYPES_FILE), 'utf8'), ts.ScriptTarget.ES2022, true);
  const interfaces = new Map(file.statements.filter(ts.isInterfaceDeclaration).map((d) => [d.name.text, d]));
  const members = (name: string): readonly ts.TypeElement[] => {
    const decl = interfaces.get(name);
    if (!decl) throw new Error(`${TYPES_FILE}: no interface ${name}`);
    const bases = (decl.heritageClauses ?? []).flatMap((h) => h.types.map((t) => t.expression.getText(file)));
    return [...bases.flatMap(members), ...decl.members];
  };
  const objectShape = (elements: readonly ts.TypeElement[]): Shape => ({
    kind: 'object',
    props: Object.fromEntries(elements.filter(ts.isPropertySignature).map((p) => [p.name.getText(file), { shape: nodeShape(p.type!), required: !p.questionToken }])),
  });
  const nodeShape = (node: ts.TypeNode): Shape => {
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword: return { kind: 'string' };
      case ts.SyntaxKind.NumberKeyword: return { kind: 'number' };
      case ts.SyntaxKind.BooleanKeyword: return { kind: 'boolean' };
      case ts.SyntaxKind.UnknownKeyword: return { kind: 'unknown' };
    }
    if (ts.isArrayTypeNode(node)) return { kind: 'array', of: nodeShape(node.elementType) };
    if (ts.isTypeLiteralNode(node)) return objectShape(node.members);
    if (ts.isLiteralTypeNode(node) && ts.isStringLiteral(node.literal)) return { kind: 'enum', values: [node.literal.text] };
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map(nodeShape);
      if (parts.every((p) => p.kind === 'enum')) return { kind: 'enum', values: parts.flatMap((p) => (p.kind === 'enum' ? p.values : [])).sort() };
      // Any other union (a key or a list of keys) is the meta-schema's oneOf: not compared further.
      return { kind: 'any' };
    }
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText(file);
      if (name === 'Logic' || name === 'BlockDef') return { kind: name };
      if (name === 'Record' && node.typeArguments?.[0].kind === ts.SyntaxKind.StringKeyword) return { kind: 'record', of: nodeShape(node.typeArguments[1]) };
      if (interfaces.has(name)) return objectShape(members(name));
    }
    throw new Error(`${TYPES_FILE}: no shape for ${node.getText(file)}`);
  };
  const union = file.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'BlockDef');
  if (!union || !ts.isUnionTypeNode(union.type)) throw new Error(`${TYPES_FILE}: BlockDef is not a union`);
  const out: Record<string, Shape> = {};
  for (const member of union.type.types) {
    const shape = nodeShape(member);
    const type = shape.kind === 'object' ? shape.props.type : undefined;
    if (shape.kind !== 'object' || type?.shape.kind !== 'enum' || type.shape.values.length !== 1 || !type.required) throw new Error(`${TYPES_FILE}: ${member.getText(file)} has no required literal \`type\``);
    out[type.shape.values[0]] = shape;
  }
  return out;
}

/** A block definition as the dispatch applies it: `type` (which picks the definition) is required and is the block's own. */
function blockSchemaShape(kind: string, name: string): Shape {
  const schema = defs[name];
  // Its `anyOf` (one of these properties) is not compared.
  return schemaShape({ type: schema.type, required: [...(schema.required ?? []), 'type'], properties: { ...schema.properties, type: { enum: [kind] } } });
}

/** The differences between what the schema accepts and what the type says, by property path. */
function differences(at: string, schema: Shape, type: Shape): string[] {
  if (schema.kind === 'any') return [];
  if (schema.kind === 'object' && type.kind === 'object') {
    const out: string[] = [];
    for (const name of new Set([...Object.keys(schema.props), ...Object.keys(type.props)])) {
      const s = schema.props[name];
      const t = type.props[name];
      if (!t) out.push(`${at}.${name}: in the schema, not in ${TYPES_FILE}`);
      else if (!s) out.push(`${at}.${name}: in ${TYPES_FILE}, not in the schema`);
      else {
        if (s.required !== t.required) out.push(`${at}.${name}: the schema says ${s.required ? 'required' : 'optional'}, ${TYPES_FILE} says ${t.required ? 'required' : 'optional'}`);
        out.push(...differences(`${at}.${name}`, s.shape, t.shape));
      }
    }
    return out;
  }
  if ((schema.kind === 'array' || schema.kind === 'record') && type.kind === schema.kind) return differences(`${at}[]`, schema.of, type.of);
  return JSON.stringify(schema) === JSON.stringify(type) ? [] : [`${at}: the schema says ${JSON.stringify(schema)}, ${TYPES_FILE} says ${JSON.stringify(type)}`];
}

describe('runtime/core/blocks.ts matches schemas/meta/blocks.json', () => {
  const kinds = (defs.block.properties!.type.enum as string[]).slice().sort();
  const dispatch = Object.fromEntries((defs.block.allOf ?? []).map((branch) => [branch.if?.properties?.type?.const, branch.then?.$ref?.replace('#/definitions/', '')]));
  const types = typeShapes();

  it('has the same block types, each dispatched to its own definition', () => {
    expect(Object.keys(types).sort(), `BlockDef's members in ${TYPES_FILE}`).toEqual(kinds);
    expect(Object.keys(dispatch).sort(), 'if/then branches of definitions.block').toEqual(kinds);
    for (const kind of kinds) expect(defs[dispatch[kind]!], `definitions.${dispatch[kind]}`).toBeDefined();
  });

  it('gives every block type the same properties, required alike, of the same types', () => {
    const problems = kinds.filter((kind) => types[kind] && dispatch[kind]).flatMap((kind) => differences(kind, blockSchemaShape(kind, dispatch[kind]!), types[kind]));
    expect(problems).toEqual([]);
  });

  it('notices a drift', () => {
    const form = types.form;
    if (form.kind !== 'object') throw new Error('form is not an object');
    const drifted: Shape = { ...form, props: { ...form.props, bind: { shape: { kind: 'number' }, required: true }, extra: { shape: { kind: 'string' }, required: false } } };
    expect(differences('form', blockSchemaShape('form', 'form'), drifted)).toEqual([
      'form.bind: the schema says optional, runtime/core/blocks.ts says required',
      'form.bind: the schema says {"kind":"string"}, runtime/core/blocks.ts says {"kind":"number"}',
      `form.extra: in ${TYPES_FILE}, not in the schema`,
    ]);
  });
});
