/** Persistence: open PGlite or PostgreSQL, migrate, typed tables. */
export { openDatabase, openPglite, openPostgres, pgliteDirOf, type DbHandle, type DbTarget, type Exec } from './open';
export { duplicateNumbers, migrate, MIGRATIONS_DIR } from './migrate';
export { DataDirLockedError } from './lock';
export { jsonb, jsonPath, encodeParams } from './json';
export type * from './schema';
