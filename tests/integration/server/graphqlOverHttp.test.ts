/**
 * GraphQL over HTTP: the spec's own audit suite (graphql-http `serverAudits`) against the real app in
 * development mode (its audits send operations production refuses as not persisted), on every test
 * database: no audit fails and none warns. Beside it, the status of each kind of refusal for both
 * response types: a GraphQL request error (a document that fails to parse or validate, variables that
 * fail coercion) answers 200 to an `application/json` client and 400 to an
 * `application/graphql-response+json` one; a malformed HTTP request answers 400 to both.
 */
import { serverAudits } from 'graphql-http';
import { describe, expect, it } from 'vitest';
import { DATABASES, startServer, useHarness } from './harness';

const JSON_TYPE = 'application/json';
const RESPONSE_TYPE = 'application/graphql-response+json';

describe.each(DATABASES)('GraphQL over HTTP (%s, development)', (db) => {
  const s = useHarness(() => startServer(db));

  it('passes every audit of graphql-http without a warning', async () => {
    // The audits' requests go to the app's fetch in-process, to the URL's path on the harness's host.
    const fetchFn = (url: string, init?: RequestInit) => {
      const { pathname, search } = new URL(url);
      return s.request(`${pathname}${search}`, init);
    };
    const audits = serverAudits({ url: 'http://au.localhost/graphql', fetchFn });
    expect(audits.length).toBeGreaterThan(40);
    const notOk: string[] = [];
    for (const audit of audits) {
      const result = await audit.fn();
      if (result.status !== 'ok') notOk.push(`${result.status} ${result.id} ${result.name}: ${result.reason}`);
    }
    expect(notOk).toEqual([]);
  });

  /** POST `body` as JSON accepting `accept`: the status, the answer's type and its JSON. */
  async function post(body: unknown, accept: string): Promise<{ status: number; type: string | null; answer: Record<string, unknown> }> {
    const r = await s.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json', accept }, body: typeof body === 'string' ? body : JSON.stringify(body) });
    return { status: r.status, type: r.headers.get('content-type'), answer: (await r.json()) as Record<string, unknown> };
  }

  it.each([
    ['a syntax error', { query: '{ __typename' }, 'GRAPHQL_PARSE_FAILED'],
    ['a document over the parse limits', { query: `{ ${'__typename '.repeat(10_001)}}` }, 'BAD_REQUEST'],
    ['an unknown field', { query: '{ nope }' }, 'GRAPHQL_VALIDATION_FAILED'],
    ['an operation over the limits', { query: `{ ${Array.from({ length: 16 }, (_, k) => `a${k}: __typename`).join(' ')} }` }, 'OPERATION_LIMIT'],
    ['a variable that fails coercion', { query: 'query T($n: String!) { __type(name: $n) { name } }', variables: { n: null } }, undefined],
    ['an operation name the document lacks', { query: 'query A { __typename } query B { __typename }', operationName: 'C' }, 'OPERATION_RESOLUTION_FAILURE'],
  ])('answers %s as a request error: 200 to application/json, 400 to application/graphql-response+json, never data', async (_name, body, code) => {
    const json = await post(body, JSON_TYPE);
    expect([json.status, json.type]).toEqual([200, `${JSON_TYPE}; charset=utf-8`]);
    const spec = await post(body, RESPONSE_TYPE);
    expect([spec.status, spec.type]).toEqual([400, `${RESPONSE_TYPE}; charset=utf-8`]);
    for (const { answer } of [json, spec]) {
      expect(answer).not.toHaveProperty('data');
      expect((answer.errors as { extensions?: { code?: string } }[])[0].extensions?.code).toBe(code);
    }
  });

  it.each([
    ['a body that is not JSON', '{ "query": '],
    ['a body that is not an object', '[1]'],
    ['no query', { variables: {} }],
    ['variables that are not an object', { query: '{ __typename }', variables: 'abc' }],
    ['a parameter of the wrong type', { query: '{ __typename }', operationName: 5 }],
  ])('answers %s 400 to both response types', async (_name, body) => {
    for (const accept of [JSON_TYPE, RESPONSE_TYPE]) {
      const r = await post(body, accept);
      expect(r.status, accept).toBe(400);
      expect((r.answer.errors as unknown[]).length, accept).toBeGreaterThan(0);
    }
  });

  it('answers 400 to both response types for a GET whose variables are not JSON', async () => {
    for (const accept of [JSON_TYPE, RESPONSE_TYPE]) {
      const r = await s.request(`/graphql?query=${encodeURIComponent('{ __typename }')}&variables=abc`, { headers: { accept } });
      expect(r.status, accept).toBe(400);
    }
  });
});
