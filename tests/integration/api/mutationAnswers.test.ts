/**
 * Answers say what happened (issue 9 item 3): one test per row of MUTATION_ANSWERS, each putting the
 * fixture in the row's state, calling the mutation and checking its answer and that the database is
 * exactly as before (applications, their audit trail, e-mails, files, accounts, sessions, leads, stored
 * answers). A mutation of the SDL without a row fails here.
 */
import { createSchema } from 'graphql-yoga';
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUED_CODES } from '../../../server/graphql/apiErrors';
import { readTypeDefs } from '../../../server/graphql/loadSchema';
import { DATABASES, startHarness, useHarness, type Harness } from './harness';
import { codeOf } from './helpers';
import { MUTATION_ANSWERS } from './mutationAnswers';

const AU = { brand: 'acme-au', region: 'au' };
const COUNTED = ['idempotency_keys', 'outbox', 'files', 'users', 'sessions', 'password_resets', 'leads'] as const;

/** Everything a mutation could change, as comparable data (audit rows that only record an unchanged call left out). */
async function world(h: Harness) {
  const db = h.database.db;
  const applications = await db.selectFrom('applications').select(['id', 'record', 'version', 'primary_user_id', 'secondary_user_id', 'application_status']).orderBy('id').execute();
  const audit = await db.selectFrom('audit_log').select(['application_id', 'action', 'path', 'to_value']).where('action', '<>', 'unchanged').orderBy('id').execute();
  const counts: Record<string, number> = {};
  for (const table of COUNTED) counts[table] = Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0].n);
  return { applications, audit, counts };
}

describe('the mutation answers table', () => {
  it('has a row for every mutation of the schema, and none for a mutation it does not have', () => {
    const mutations = Object.keys(createSchema({ typeDefs: readTypeDefs() }).getMutationType()?.getFields() ?? {}).sort();
    expect(mutations.filter((m) => !(m in MUTATION_ANSWERS))).toEqual([]);
    expect(Object.keys(MUTATION_ANSWERS).filter((m) => !mutations.includes(m))).toEqual([]);
  });
});

describe.each(DATABASES)('mutations that change nothing say so, on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => h.reset());

  it.each(Object.entries(MUTATION_ANSWERS))('%s', async (mutation, row) => {
    const arranged = (await row.arrange?.(h)) ?? {};
    const before = await world(h);
    const answer = await h.gql(row.who, row.call.query, { ...row.call.variables, ...arranged });
    const data = answer.data?.[mutation] as Record<string, unknown> | undefined;
    const expected = row.answer;
    if ('refused' in expected) {
      expect(codeOf(answer), row.when).toBe(expected.refused);
      expect(data ?? null).toBeNull();
      if (CATALOGUED_CODES.has(expected.refused)) expect(answer.errors?.[0].message).toBe(h.definitions.message(String(answer.errors?.[0].extensions?.messageKey), AU));
    } else {
      expect(answer.errors, row.when).toBeUndefined();
      const fields = 'unchanged' in expected ? expected.unchanged : 'reads' in expected ? expected.reads : expected.same;
      expect(data, row.when).toMatchObject(fields);
      if ('same' in expected && expected.text) expect(data?.message ?? data?.error).toBe(h.definitions.message(expected.text, AU));
    }
    expect(await world(h), `${mutation} changed something: ${row.when}`).toEqual(before);
  });
});
