/** JSON helpers shared by both drivers so jsonb behaves the same on PGlite and PostgreSQL. */
import { sql, type RawBuilder } from 'kysely';

const isPlain = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && !(v instanceof Date) && !(v instanceof Uint8Array) && !Buffer.isBuffer(v);

/** JSON-encode object and array parameters (pg would turn arrays into PostgreSQL array literals). */
export function encodeParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => (isPlain(p) ? JSON.stringify(p) : p));
}

/** A jsonb value of any JSON type, including scalars: `jsonb('x')` is the JSON string "x". */
export function jsonb(value: unknown): RawBuilder<unknown> {
  return sql`cast(${JSON.stringify(value ?? null)} as jsonb)`;
}

/** A dotted record path as a PostgreSQL text[] path for `jsonb_set` / `#>`: `a.b.c` -> `{a,b,c}`. */
export function jsonPath(dotted: string): RawBuilder<string[]> {
  const parts = dotted.split('.').filter(Boolean);
  for (const part of parts) {
    if (!/^[A-Za-z0-9_-]+$/.test(part)) throw new Error(`invalid path segment '${part}' in '${dotted}'`);
  }
  return sql`cast(${`{${parts.join(',')}}`} as text[])`;
}
