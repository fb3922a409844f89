/**
 * Definition versions on the server (issue 15, item 4): an application stored under the published
 * definitions is read by a server whose definitions renamed a status and a record field with a migration;
 * the first read migrates and stores it (one transaction, version + 1, audit rows), later reads change
 * nothing, and an application the migrations do not touch only gets the new definition version.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { checkVersions, formatError } from '../../../runtime/core';
import { readDefinitions } from '../../../runtime/node';
import { definitionsFromFiles, type ServerDefinitions } from '../../../server/definitions';
import { DATABASES, definitions, ROOT, startServer, useHarness } from './harness';

const MIGRATION = 'migrations/2030-01-01-review-open.yaml';

/** The project's definitions with applicationReview's `pending` renamed `open` and `scoreboard.salesforce` renamed `crm`, and the migration mapping both. */
function changedDefinitions(): ServerDefinitions {
  const files = readDefinitions(ROOT);
  const edit = (file: string, find: string, replace: string) => {
    expect(files[file]).toContain(find);
    files[file] = files[file].split(find).join(replace);
  };
  edit('flows/applicationReview.yaml', 'pending', 'open');
  edit('schemas/scoreboard.json', '"salesforce": {', '"crm": {');
  files[MIGRATION] = 'description: the review waits "open"; the CRM data is kept under crm\nflows:\n  applicationReview:\n    statuses: { pending: open }\nfields:\n  scoreboard.salesforce: scoreboard.crm\n';
  const changed = definitionsFromFiles(files);
  expect(changed.errors.map(formatError)).toEqual([]);
  expect(checkVersions(changed.defs).map(formatError)).toEqual([]);
  return changed;
}

const APPLICATION = 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId version definitionVersion } }';

describe.each(DATABASES)('definition migrations on read (%s)', (kind) => {
  let changed: ServerDefinitions;
  const server = useHarness(() => startServer(kind, { definitions: (changed = changedDefinitions()) }));
  const row = (id: string) => server.database.db.selectFrom('applications').select(['record', 'version', 'definition_version']).where('id', '=', id).executeTakeFirstOrThrow();
  const appOf = async (email: string) =>
    (await server.database.db.selectFrom('applications').innerJoin('users', 'users.id', 'applications.primary_user_id').select('applications.id').where('users.email', '=', email).executeTakeFirstOrThrow()).id;
  const audits = (id: string) => server.database.db.selectFrom('audit_log').select(['action', 'path', 'from_value', 'to_value', 'user_id']).where('application_id', '=', id).where('action', 'like', 'migrate:%').orderBy('id').execute();

  it('moves the renamed status and field when the application is next read, once', async () => {
    const email = 'primary.approvals.au@demo.example';
    const id = await appOf(email);
    // As stored under the published definitions: the review pending, CRM data under salesforce.
    await server.database.db.updateTable('applications')
      .set({ record: sql`jsonb_set(jsonb_set(record, '{scoreboard,primaryApplicant,applicationReviewStatus}', '"pending"', true), '{scoreboard,salesforce}', '{"opportunityId":"OPP-1"}', true)` })
      .where('id', '=', id).execute();
    const before = await row(id);
    expect(before.definition_version).toBe(definitions().version);
    expect(before.definition_version).not.toBe(changed.version);

    const cookie = await server.login(email);
    const first = await server.gql(APPLICATION, { id }, { cookie });
    expect(first.body.errors).toBeUndefined();
    expect(first.body.data?.getVehicleApplication).toMatchObject({ applicationId: id, version: before.version + 1, definitionVersion: changed.version });

    const after = await row(id);
    expect(after.definition_version).toBe(changed.version);
    expect(after.version).toBe(before.version + 1);
    const scoreboard = after.record.scoreboard as Record<string, unknown>;
    expect(scoreboard.primaryApplicant).toMatchObject({ applicationReviewStatus: 'open' });
    expect(scoreboard.crm).toEqual({ opportunityId: 'OPP-1' });
    expect(scoreboard).not.toHaveProperty('salesforce');
    expect((await audits(id)).map((a) => [a.action, a.path, a.from_value, a.to_value, a.user_id])).toEqual([
      [`migrate:${MIGRATION}`, 'scoreboard.crm', null, { opportunityId: 'OPP-1' }, null],
      [`migrate:${MIGRATION}`, 'scoreboard.salesforce', { opportunityId: 'OPP-1' }, null, null],
      [`migrate:${MIGRATION}`, 'scoreboard.primaryApplicant.applicationReviewStatus', 'pending', 'open', null],
    ]);

    const again = await server.gql(APPLICATION, { id }, { cookie });
    expect(again.body.data?.getVehicleApplication).toMatchObject({ version: before.version + 1, definitionVersion: changed.version });
    expect((await row(id)).version).toBe(before.version + 1);
    expect(await audits(id)).toHaveLength(3);
  });

  it('only records the new definition version on an application the migrations do not touch', async () => {
    const email = 'primary.businessdetails.au@demo.example';
    const id = await appOf(email);
    await server.database.db.updateTable('applications')
      .set({ record: sql`jsonb_set(record, '{scoreboard,primaryApplicant,applicationReviewStatus}', '"completed"', true)` })
      .where('id', '=', id).execute();
    const before = await row(id);
    expect(JSON.stringify(before.record)).not.toMatch(/"salesforce"|"applicationReviewStatus":"pending"/);
    const reply = await server.gql(APPLICATION, { id }, { cookie: await server.login(email) });
    expect(reply.body.data?.getVehicleApplication).toMatchObject({ version: before.version, definitionVersion: changed.version });
    const after = await row(id);
    expect(after).toEqual({ ...before, definition_version: changed.version });
    expect(await audits(id)).toEqual([]);
  });
});
