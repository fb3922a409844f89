/**
 * Fast path for PGlite queries: each distinct SQL text is prepared once as a named statement, then
 * every call is one protocol round (Bind, Describe, Execute, Sync) instead of PGlite's six, and
 * Postgres skips parsing and planning. The answer is read from the raw protocol bytes by a small
 * parser (row description, data rows, command tag) instead of PGlite's general message objects; an
 * error answer goes through PGlite's own parser so the same DatabaseError is thrown.
 * Falls back to unnamed statements past {@link MAX_STATEMENTS}.
 */
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

/** Most distinct statements kept prepared (kysely builds a handful of shapes; `in (...)` lists vary). */
export const MAX_STATEMENTS = 500;

const concat = (parts: Uint8Array[]): Uint8Array => {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
};

type Parsers = PGlite['parsers'];
const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** The first DatabaseError among the messages of `bytes` (parsed by PGlite), if any. */
function databaseError(bytes: Uint8Array): Error | undefined {
  let error: Error | undefined;
  new protocol.Parser().parse(bytes, (msg) => {
    if (!error && msg instanceof protocol.messages.DatabaseError) error = msg;
  });
  return error;
}

/**
 * Read the result of one extended-protocol round from raw backend bytes: `T` row description, `D`
 * data rows (text format), `C` command complete. Same shape and type parsing as PGlite's parseResults.
 */
export function readResult(bytes: Uint8Array, parsers: Parsers): Results<Record<string, unknown>> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let names: string[] = [];
  let types: number[] = [];
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: Record<string, unknown>[] = [];
  let affectedRows = 0;
  let rowCount: number | undefined;
  let at = 0;
  while (at + 5 <= buf.length) {
    const kind = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    let p = at + 5;
    if (kind === 0x44 /* D */) {
      const count = buf.readInt16BE(p);
      p += 2;
      const row: Record<string, unknown> = {};
      for (let i = 0; i < count; i++) {
        const len = buf.readInt32BE(p);
        p += 4;
        if (len < 0) {
          row[names[i]] = null;
          continue;
        }
        const text = buf.toString('utf8', p, p + len);
        p += len;
        const parser = parsers[types[i]];
        row[names[i]] = parser ? parser(text, types[i]) : text;
      }
      rows.push(row);
    } else if (kind === 0x54 /* T */) {
      const count = buf.readInt16BE(p);
      p += 2;
      names = new Array<string>(count);
      types = new Array<number>(count);
      for (let i = 0; i < count; i++) {
        const zero = buf.indexOf(0, p);
        names[i] = buf.toString('utf8', p, zero);
        p = zero + 1 + 6; // table oid (4), column number (2)
        types[i] = buf.readInt32BE(p);
        p += 4 + 2 + 4 + 2; // type oid, type size, type modifier, format
      }
      fields = names.map((name, i) => ({ name, dataTypeID: types[i] }));
    } else if (kind === 0x43 /* C */) {
      const tag = buf.toString('utf8', p, end - 1).split(' ');
      const n = Number.parseInt(tag[tag.length - 1], 10);
      if (COUNTED.has(tag[0]) && !Number.isNaN(n)) affectedRows += n;
      if (!Number.isNaN(n)) rowCount = n;
    }
    at = end;
  }
  return rowCount === undefined ? { rows, fields, affectedRows } : ({ rows, fields, affectedRows, rowCount } as Results<Record<string, unknown>>);
}

/** Whether raw backend bytes hold an ErrorResponse (`E`) message. */
function hasError(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.byteLength; at += 1 + view.getInt32(at + 1)) if (bytes[at] === 0x45) return true;
  return false;
}

/** Describe (portal), Execute (all rows) and Sync: the same bytes after every Bind. */
const AFTER_BIND = concat([protocol.serialize.describe({ type: 'P' }), protocol.serialize.execute({}), protocol.serialize.sync()]);

/** Bind (text parameters, text results) of `statement` to the unnamed portal, followed by {@link AFTER_BIND}. */
export function bindMessage(statement: string, values: (string | null)[]): Uint8Array {
  const name = Buffer.from(statement, 'utf8');
  const encoded = values.map((v) => (v === null ? null : Buffer.from(v, 'utf8')));
  const length = 4 + 1 + name.length + 1 + 2 + 2 + encoded.reduce((n, v) => n + 4 + (v?.length ?? 0), 0) + 2;
  const out = Buffer.allocUnsafe(1 + length + AFTER_BIND.length);
  let at = out.writeUInt8(0x42 /* B */, 0);
  at = out.writeInt32BE(length, at);
  at = out.writeUInt8(0, at); // unnamed portal
  at += name.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(0, at); // no parameter format codes: all text
  at = out.writeInt16BE(encoded.length, at);
  for (const v of encoded) {
    at = out.writeInt32BE(v === null ? -1 : v.length, at);
    if (v) at += v.copy(out, at);
  }
  at = out.writeInt16BE(0, at); // no result format codes: all text
  out.set(AFTER_BIND, at);
  return out;
}

/** A prepared-statement cache bound to one PGlite instance (whose only connection the caller holds). */
export function preparedQueries(pg: PGlite): (sql: string, params: readonly unknown[]) => Promise<Results<Record<string, unknown>>> {
  const statements = new Map<string, { name: string; types: number[] }>();
  const s = protocol.serialize;
  async function prepare(sql: string, name: string): Promise<number[]> {
    const res = await pg.execProtocol(concat([s.parse({ name, text: sql, types: [] }), s.describe({ type: 'S', name }), s.sync()]), { syncToFs: false });
    return parse.parseDescribeStatementResults(res.messages);
  }
  /**
   * Send one round and collect the backend's raw answer (PGlite does not build message objects for it).
   * No `syncToFs`: the server's PGlite runs on NodeFS, whose sync is a no-op (writes go to the files
   * directly), so the call would only queue on PGlite's sync mutex.
   */
  async function roundTrip(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    await pg.execProtocolRawStream(message, { syncToFs: false, onRawData: (chunk) => void chunks.push(chunk.slice()) });
    return concat(chunks);
  }
  const run = async (sql: string, params: readonly unknown[]): Promise<Results<Record<string, unknown>>> => {
    let stmt = statements.get(sql);
    if (!stmt) {
      const name = statements.size < MAX_STATEMENTS ? `ff${statements.size}` : '';
      stmt = { name, types: await prepare(sql, name) };
      if (name) statements.set(sql, stmt);
    }
    const values = params.map((v, i) => {
      if (v === null || v === undefined) return null;
      const serialize = pg.serializers[stmt.types[i]];
      return serialize ? (serialize(v) as string) : String(v);
    });
    const bytes = await roundTrip(bindMessage(stmt.name, values));
    if (hasError(bytes)) throw databaseError(bytes) ?? new Error('PGlite answered an error that could not be read');
    return readResult(bytes, pg.parsers);
  };
  return async (sql, params) => {
    try {
      return await run(sql, params);
    } catch (e) {
      // A table changed shape since the statement was prepared (e.g. a migration): prepare it again once.
      if (!/cached plan must not change result type/.test((e as Error).message)) throw e;
      const stale = statements.get(sql);
      statements.delete(sql);
      if (stale?.name) await pg.execProtocol(concat([s.close({ type: 'S', name: stale.name }), s.sync()]));
      return run(sql, params);
    }
  };
}
