/**
 * Authorisation matrix: every operation of the schema x {anonymous, primary, secondary, calculator customer,
 * other applicant} x {own, someone else's application}, against the hand-written EXPECTED table.
 */
import { describe, expect, it } from 'vitest';
import { EXPECTED, MUTATING, type Cell } from './expectations';
import { DATABASES, startHarness, useHarness, type Who } from './harness';
import { OPERATIONS, targetFor } from './operations';

const CALLERS: Who[] = ['anonymous', 'primary', 'secondary', 'calculator', 'other'];

describe.each(DATABASES)('authorisation matrix on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));

  it('covers every Query and Mutation field of the served schema', async () => {
    const r = await h.gql('anonymous', '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }');
    expect(r.errors).toBeUndefined();
    const schema = r.data?.__schema as Record<'queryType' | 'mutationType', { fields: { name: string }[] }>;
    const fields = [...schema.queryType.fields, ...schema.mutationType.fields].map((f) => f.name);
    expect(fields.filter((f) => !(f in OPERATIONS)).sort()).toEqual([]);
    expect(fields.filter((f) => !(f in EXPECTED)).sort()).toEqual([]);
    expect(fields.length).toBeGreaterThanOrEqual(40);
  });

  it('answers every cell as expected: no unauthorised success, every allowed cell succeeds', async () => {
    const mismatches: string[] = [];
    let allowed = 0;
    let refused = 0;
    for (const [operation, build] of Object.entries(OPERATIONS)) {
      for (const who of CALLERS) {
        for (const [i, column] of (['own', 'others'] as const).entries()) {
          if (MUTATING.has(operation)) await h.reset();
          // Every cell from one client would meet the rate limits: the matrix checks authorisation (limits have their own suite).
          else await h.database.exec('DELETE FROM rate_limits');
          const expected = EXPECTED[operation][who][i];
          const request = build(targetFor(who, column));
          const answer = await h.gql(who, request.query, request.variables);
          const error = answer.errors?.[0];
          const got: Cell | string = error ? String(error.extensions?.code ?? `uncoded: ${error.message}`) : answer.data ? 'ok' : 'no data';
          if (got !== expected) mismatches.push(`${operation} as ${who} on ${column}: expected ${expected}, got ${got}${error ? ` (${error.message})` : ''}`);
          if (expected === 'ok') allowed++;
          else refused++;
        }
      }
    }
    await h.reset();
    expect(mismatches).toEqual([]);
    expect(allowed).toBeGreaterThan(60);
    expect(refused).toBeGreaterThan(200);
  }, 300_000);
});
