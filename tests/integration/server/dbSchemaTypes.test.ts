/**
 * server/db/schema.ts (the Kysely types) against the database the migrations build: a fresh PGlite,
 * migrated, then every table and column compared with the types (what a select reads, whether it
 * may be null, whether an insert may leave it out). Fails when a migration and schema.ts drift.
 */
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openPglite, type DbHandle } from '../../../server/db';
import { scratchDir } from '../../scratch';

const ROOT = resolve(import.meta.dirname, '../../..');

/** What a select reads in TypeScript, as a set of kinds. */
type Kind = 'string' | 'number' | 'boolean' | 'Date' | 'json';
interface ColumnShape { kinds: Kind[]; nullable: boolean; optionalOnInsert: boolean }

/** The TypeScript kinds each PostgreSQL type reads back as (server/db/open.ts: int8 and date as strings, jsonb parsed). */
const READS_AS: Record<string, Kind[][]> = {
  text: [['string']], uuid: [['string']], 'character varying': [['string']], character: [['string']], date: [['string']],
  bigint: [['string'], ['number', 'string']], integer: [['number']], smallint: [['number']], 'double precision': [['number']], real: [['number']],
  numeric: [['string'], ['number']], boolean: [['boolean']], 'timestamp with time zone': [['Date']], jsonb: [['json']], json: [['json']],
};

/** Column shapes of every table of `Database` in schema.ts, read with the TypeScript checker through Kysely's own Selectable / Insertable. */
function typeShapes(): Record<string, Record<string, ColumnShape>> {
  const probe = join(ROOT, 'server/db/__schemaProbe.ts');
  const text = [
    "import type { Insertable, Selectable } from 'kysely';",
    "import type { Database } from './schema';",
    'export type Probe = { [T in keyof Database]: { select: Selectable<Database[T]>; insert: Insertable<Database[T]> } };',
  ].join('\n');
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, noEmit: true, skipLibCheck: true };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  host.readFile = (f) => (resolve(f) === probe ? text : read(f));
  host.fileExists = (f) => resolve(f) === probe || exists(f);
  host.getSourceFile = ((get) => (f: string, v: ts.ScriptTarget) => (resolve(f) === probe ? ts.createSourceFile(f, text, v, true) : get(f, v)))(host.getSourceFile.bind(host));
  const program = ts.createProgram([probe], options, host);
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(probe)!;
  const alias = file.statements.find(ts.isTypeAliasDeclaration)!;
  const probeType = checker.getTypeAtLocation(alias.name);
  const kindsOf = (type: ts.Type): { kinds: Kind[]; nullable: boolean } => {
    const parts = type.isUnion() ? type.types : [type];
    const kinds = new Set<Kind>();
    let nullable = false;
    for (const part of parts) {
      if (part.flags & ts.TypeFlags.Null) nullable = true;
      else if (part.flags & ts.TypeFlags.StringLike) kinds.add('string');
      else if (part.flags & ts.TypeFlags.NumberLike) kinds.add('number');
      else if (part.flags & ts.TypeFlags.BooleanLike) kinds.add('boolean');
      else if (part.getSymbol()?.getName() === 'Date') kinds.add('Date');
      else kinds.add('json');
    }
    // JSON values (string | number | boolean | object | array) read as json.
    if (kinds.has('json')) return { kinds: ['json'], nullable };
    return { kinds: [...kinds].sort(), nullable };
  };
  const out: Record<string, Record<string, ColumnShape>> = {};
  for (const table of probeType.getProperties()) {
    const entry = checker.getTypeOfSymbolAtLocation(table, alias);
    const select = checker.getTypeOfSymbolAtLocation(entry.getProperty('select')!, alias);
    const insert = checker.getTypeOfSymbolAtLocation(entry.getProperty('insert')!, alias);
    out[table.getName()] = {};
    for (const column of select.getProperties()) {
      const shape = kindsOf(checker.getTypeOfSymbolAtLocation(column, alias));
      const insertProp = insert.getProperty(column.getName());
      out[table.getName()][column.getName()] = { ...shape, optionalOnInsert: !insertProp || (insertProp.flags & ts.SymbolFlags.Optional) !== 0 };
    }
  }
  return out;
}

describe('server/db/schema.ts matches the migrated database', () => {
  let database: DbHandle;
  beforeAll(async () => {
    database = await openPglite(join(scratchDir('ff-schema'), 'db'));
    await migrate(database);
  }, 120_000);
  afterAll(async () => database?.close());

  it('has the same tables and columns, each read as its type, nullable and defaulted alike', async () => {
    const rows = await database.exec<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>(
      `SELECT table_name, column_name, data_type, is_nullable, column_default, is_identity FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
    );
    const types = typeShapes();
    const database_: Record<string, Record<string, string>> = {};
    const problems: string[] = [];
    for (const row of rows) {
      (database_[row.table_name] ??= {})[row.column_name] = row.data_type;
      const shape = types[row.table_name]?.[row.column_name];
      const at = `${row.table_name}.${row.column_name}`;
      if (!shape) continue;
      const nullable = row.is_nullable === 'YES';
      const defaulted = row.column_default !== null || row.is_identity === 'YES';
      const reads = READS_AS[row.data_type];
      if (!reads) problems.push(`${at}: no TypeScript reading known for ${row.data_type}`);
      else if (!reads.some((k) => k.join() === shape.kinds.join())) problems.push(`${at}: ${row.data_type} reads as ${reads.map((k) => k.join(' | ')).join(' or ')}, schema.ts says ${shape.kinds.join(' | ')}`);
      // A NOT NULL jsonb column may still hold the JSON null (read back as null).
      const jsonNull = shape.kinds.join() === 'json' && !nullable && shape.nullable;
      if (nullable !== shape.nullable && !jsonNull) problems.push(`${at}: the column is ${nullable ? '' : 'NOT '}nullable, schema.ts says ${shape.nullable ? '' : 'not '}null`);
      if ((nullable || defaulted) !== shape.optionalOnInsert) problems.push(`${at}: an insert ${nullable || defaulted ? 'may' : 'must'} give it (${defaulted ? 'default' : nullable ? 'nullable' : 'no default'}), schema.ts says it ${shape.optionalOnInsert ? 'may be left out' : 'is required'}`);
    }
    expect(Object.keys(types).sort(), 'tables').toEqual(Object.keys(database_).sort());
    for (const table of Object.keys(database_)) {
      expect(Object.keys(types[table] ?? {}).sort(), `columns of ${table}`).toEqual(Object.keys(database_[table]).sort());
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
