/** A Kysely dialect over one embedded PGlite instance (single connection, access serialised). */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { encodeParams } from './json';
import { preparedQueries } from './pglitePrepared';

/** One PGlite "connection"; PGlite has exactly one, so the driver hands it out under a mutex. */
class PgliteConnection implements DatabaseConnection {
  private readonly run: ReturnType<typeof preparedQueries>;
  constructor(pg: PGlite) {
    this.run = preparedQueries(pg);
  }
  /** Run one compiled query (as a cached prepared statement). */
  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const res = await this.run(query.sql, encodeParams(query.parameters));
    const affected = res.affectedRows;
    return affected === undefined ? { rows: res.rows as R[] } : { rows: res.rows as R[], numAffectedRows: BigInt(affected) };
  }
  /** Streaming is not supported by PGlite; kysely's `.stream()` is not used here. */
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect: streamQuery is not supported');
  }
}

/** Serialises access: a transaction holds the only connection until it is released. */
class PgliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PgliteConnection;
  constructor(private readonly pg: PGlite) {
    this.connection = new PgliteConnection(pg);
  }
  async init(): Promise<void> {}
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const previous = this.queue;
    this.queue = previous.then(() => next);
    await previous;
    (this.connection as PgliteConnection & { release?: () => void }).release = release;
    return this.connection;
  }
  async beginTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    const holder = conn as PgliteConnection & { release?: () => void };
    const release = holder.release;
    holder.release = undefined;
    release?.();
  }
  async destroy(): Promise<void> {
    await this.queue;
    if (!this.pg.closed) await this.pg.close();
  }
}

/** Kysely dialect for PGlite. @example new Kysely<Database>({ dialect: new PgliteDialect(pg) }) */
export class PgliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PgliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
