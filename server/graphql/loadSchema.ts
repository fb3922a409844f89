/** Collects the SDL files and resolver maps that make up the schema. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { authResolvers } from './resolvers/auth';
import { filesResolvers } from './resolvers/files';

/** Folder of the SDL files. */
export const SCHEMA_DIR = join(import.meta.dirname, 'schema');

/** A resolver map: type name -> field name -> resolver (or scalar). */
export type ResolverMap = Record<string, Record<string, unknown> | unknown>;

/** Every `*.graphql` file's text, in name order. */
export function readTypeDefs(dir = SCHEMA_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.graphql'))
    .sort()
    .map((f) => readFileSync(join(dir, f), 'utf8'));
}

/** Merge resolver maps type by type (later maps win on the same field). */
export function mergeResolvers(maps: ResolverMap[]): ResolverMap {
  const out: Record<string, unknown> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      const prev = out[type];
      const plain = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
      out[type] = plain(prev) && plain(fields) ? { ...prev, ...fields } : fields;
    }
  }
  return out;
}

/**
 * The server's resolvers: those `server/graphql/resolvers/index.ts` exports as `resolvers` (the API
 * surface, which includes the sign-in and file resolvers); without that export only sign-in and files (logged by the caller).
 * A literal import, so the built server (scripts/buildServer.ts) bundles it.
 */
export async function loadResolvers(): Promise<{ resolvers: ResolverMap; apiLoaded: boolean }> {
  const mod = (await import('./resolvers/index')) as { resolvers?: ResolverMap };
  // The API's index already merges (and access-declares) the sign-in and file resolvers.
  if (mod.resolvers) return { resolvers: mod.resolvers, apiLoaded: true };
  return { resolvers: mergeResolvers([authResolvers as ResolverMap, filesResolvers as ResolverMap]), apiLoaded: false };
}
