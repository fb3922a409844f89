/**
 * An application read under other definitions than the server's is brought to them: the definition
 * migrations (`migrations/*.yaml`, runtime/core `migrateRecord`) move renamed status values and fields,
 * and `definition_version` becomes the current one, in one transaction conditioned on the row's version.
 */
import { sql, type Kysely } from 'kysely';
import { migrateRecord } from '../../runtime/core/versions';
import type { DefinitionSet } from '../../runtime/core/types';
import { jsonb, type Database, type JsonObject, type JsonValue } from '../db';
import { mainFlowId, SHARED_FLOWS } from './journeys';
import { readSnapshot, type AppSnapshot } from './snapshot';

/** What an upgrade needs of the definitions: the set and its content hash. */
export interface CurrentDefinitions {
  defs: DefinitionSet;
  version: string;
}

const ATTEMPTS = 3;

/** The audit action of a change a migration made, `migrate:<migration file>` (the row holds its path, old and new value). */
export const migrateAction = (migration: string): string => `migrate:${migration}`;

/**
 * The application on the current definitions: unchanged when it already is; else migrated and stored
 * (the record and `version` + 1 when a migration changed it, with one audit row per changed path;
 * `definition_version` always). A concurrent change re-reads the row and tries again.
 * @example const app = await upgradeApplication(db, ctx.definitions, await readSnapshot(db, id));
 */
export async function upgradeApplication(db: Kysely<Database>, current: CurrentDefinitions, read: AppSnapshot): Promise<AppSnapshot> {
  let app = read;
  for (let attempt = 0; attempt < ATTEMPTS && app.definitionVersion !== current.version; attempt++) {
    const { record, changes } = migrateRecord(current.defs, app.record, [mainFlowId(app.type), ...SHARED_FLOWS]);
    const at = app;
    const version = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('applications')
        .set(changes.length ? { record: record as JsonObject, definition_version: current.version, version: sql`version + 1` } : { definition_version: current.version })
        .where('id', '=', at.id)
        .where('version', '=', at.version)
        .where('definition_version', '=', at.definitionVersion)
        .returning('version')
        .executeTakeFirst();
      if (!updated) return null;
      if (changes.length) {
        await trx
          .insertInto('audit_log')
          .values(changes.map((c) => ({
            application_id: at.id, user_id: null, action: migrateAction(c.migration), path: c.path,
            from_value: jsonb((c.from ?? null) as JsonValue), to_value: jsonb((c.to ?? null) as JsonValue),
          })))
          .execute();
      }
      return updated.version;
    });
    if (version !== null) return { ...at, record: record as JsonObject, version, definitionVersion: current.version };
    const fresh = await readSnapshot(db, app.id);
    if (!fresh) return app;
    app = fresh;
  }
  return app;
}
