/** Apply a decision in SQL: one atomic UPDATE patching the decided path(s) with jsonb_set, plus its audit row. */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { getPath } from '../../runtime/core/source/pointer';
import { jsonb, jsonPath, type Database, type JsonObject } from '../db';
import type { Decision } from './decide';
import type { AppSnapshot, Caller } from './snapshot';

/** Membership columns a write may change in the same statement (e.g. the invited officer). */
export interface MemberColumns {
  primary_user_id?: string | null;
  secondary_user_id?: string | null;
}

const isObject = (v: unknown): boolean => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `jsonb_set` of one path onto `expr`. The UPDATE is conditioned on the version the snapshot was read at,
 * so the snapshot tells exactly which parent containers exist: a missing parent is created by setting the
 * first missing ancestor to a nested container holding the value (jsonb_set alone would silently do
 * nothing). Segments at `lists` positions index a list: an existing list is kept (jsonb_set replaces the
 * entry or appends at its end, the position decide allowed) and a missing one is created as a list.
 */
function setPathExpr(expr: RawBuilder<unknown>, record: JsonObject, path: string, value: unknown, merge: boolean, lists: ReadonlySet<number> = new Set()): RawBuilder<unknown> {
  const segments = path.split('.');
  for (let i = 0; i < segments.length - 1; i++) {
    const prefix = segments.slice(0, i + 1);
    const here = getPath(record, prefix.join('.'));
    if (lists.has(i + 1) ? Array.isArray(here) : isObject(here)) continue;
    const nested = segments.slice(i + 1).reduceRight<unknown>((inner, key, j) => (lists.has(i + 1 + j) ? [inner] : { [key]: inner }), value);
    return sql`jsonb_set(${expr}, ${jsonPath(prefix.join('.'))}, ${jsonb(nested)}, true)`;
  }
  const target = jsonPath(path);
  const next = merge && isObject(getPath(record, path)) ? sql`(${expr} #> ${target}) || ${jsonb(value)}` : jsonb(value);
  return sql`jsonb_set(${expr}, ${target}, ${next}, true)`;
}

/** The record paths a decision writes, with the values written and whether they merge. */
function writesOf(decision: Decision): { path: string; value: unknown; merge: boolean; lists?: ReadonlySet<number> }[] {
  if (decision.kind === 'write') return [{ path: decision.path, value: decision.value, merge: decision.mode === 'merge', lists: new Set(decision.listSegments ?? []) }];
  if (decision.kind === 'transition') return [{ path: decision.path, value: decision.to, merge: false }, ...decision.extra.map((e) => ({ ...e, merge: false }))];
  return [];
}

/**
 * Run the UPDATE (only if the row is still at `app.version`) and the audit row in one transaction.
 * Answers the new version, or null when another write got there first.
 */
export async function applyDecision(db: Kysely<Database>, app: AppSnapshot, caller: Caller, decision: Decision, columns: MemberColumns = {}): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (decision.kind === 'unchanged') {
      await trx
        .insertInto('audit_log')
        .values({ application_id: app.id, user_id: caller.id, action: 'unchanged', path: decision.path, from_value: jsonb(decision.value), to_value: jsonb(decision.value) })
        .execute();
      return app.version;
    }
    let expr: RawBuilder<unknown> = sql`record`;
    for (const w of writesOf(decision)) expr = setPathExpr(expr, app.record, w.path, w.value, w.merge, w.lists);
    const updated = await trx
      .updateTable('applications')
      .set({ record: expr, version: sql`version + 1`, updated_at: sql`now()`, ...columns })
      .where('id', '=', app.id)
      .where('version', '=', app.version)
      .returning('version')
      .executeTakeFirst();
    if (!updated) return null;
    const audit =
      decision.kind === 'transition'
        ? { action: `transition:${decision.flow}.${decision.event}`, path: decision.path, from_value: jsonb(decision.from ?? null), to_value: jsonb(decision.to), from_status: decision.from ?? null, to_status: decision.to }
        : { action: decision.mode === 'merge' ? 'merge' : 'write', path: decision.path, from_value: jsonb(decision.from ?? null), to_value: jsonb(decision.value) };
    await trx.insertInto('audit_log').values({ application_id: app.id, user_id: caller.id, ...audit }).execute();
    return updated.version;
  });
}
