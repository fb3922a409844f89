/**
 * The CRM provider's sandbox and the credit application start (spec 002 s4 'Credit application start (dashboard)', s7),
 * against a real database: eligibility from the business registry, the region's entity types and the CRM; the stage
 * moves the server makes or allows, read back through the sandbox's /dev/crm controls.
 */
import { describe, expect, it } from 'vitest';
import { DATABASES, startServer, useHarness } from './harness';

const ELIGIBILITY = '{ creditApplicationEligibility { eligible reason } }';
const RECORDS = '{ getSalesforceAccountByUser { AccountSource Credit_Total_Value__c } getSalesforceOpportunityByUser { LeadSource StageName manualLead } }';
const MOVE = 'mutation($id: ID!, $s: String!) { updateQuoteStageName(applicationId: $id, stageName: $s) { status message } }';
const START = 'mutation($id: ID!) { startCreditApplication(applicationId: $id) { status applicationId } }';

describe.each(DATABASES)('CRM and credit application start on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  const codeOf = (r: { body: { errors?: { extensions?: { code?: string } }[] } }) => r.body.errors?.[0]?.extensions?.code ?? 'ok';
  const crm = async (email: string) => (await (await s.request(`/dev/crm?email=${encodeURIComponent(email)}`)).json()) as { StageName: string; moves: { from: string; to: string }[] };
  /** A fresh calculator customer with no status yet (POST /dev/applications), signed in. */
  async function fresh(region = 'au') {
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region, role: 'calculator', status: 'viewShortlist', set: { 'scoreboard.status': null } }) });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { email: string; password: string; applicationId: string; host: string };
    const cookie = await s.login(a.email, a.password, a.host);
    return { ...a, gql: (q: string, v: Record<string, unknown> = {}) => s.gql(q, { id: a.applicationId, ...v }, { cookie, host: a.host }) };
  }
  const statusOf = async (id: string) => ((await s.database.db.selectFrom('applications').select('record').where('id', '=', id).executeTakeFirstOrThrow()).record as { scoreboard: { status?: string | null } }).scoreboard.status;

  it('a customer who registered online: eligible; the dashboard move, then the start sets viewShortlist and Deal Mobilising', async () => {
    const c = await fresh();
    expect((await c.gql(ELIGIBILITY)).body.data?.creditApplicationEligibility).toEqual({ eligible: true, reason: null });
    expect((await c.gql(RECORDS)).body.data).toEqual({
      getSalesforceAccountByUser: { AccountSource: 'Calculator', Credit_Total_Value__c: null },
      getSalesforceOpportunityByUser: { LeadSource: 'Calculator', StageName: 'Needs Analysis', manualLead: false },
    });
    // The start's own move is never asked for directly; the dashboard's is, once.
    expect(codeOf(await c.gql(MOVE, { s: 'Deal Mobilising' }))).toBe('INVALID_TRANSITION');
    expect((await c.gql(MOVE, { s: 'Quote Requested OP' })).body.data?.updateQuoteStageName).toEqual({ status: '200', message: 'OK' });
    expect((await c.gql(MOVE, { s: 'Quote Requested OP' })).body.data?.updateQuoteStageName).toEqual({ status: '200', message: 'unchanged' });
    expect((await crm(c.email)).StageName).toBe('Quote Requested OP');

    expect(await statusOf(c.applicationId)).toBeUndefined();
    expect((await c.gql(START)).body.data?.startCreditApplication).toEqual({ status: '200', applicationId: c.applicationId });
    expect(await statusOf(c.applicationId)).toBe('viewShortlist');
    const after = await crm(c.email);
    expect(after.StageName).toBe('Deal Mobilising');
    expect(after.moves.map((m) => [m.from, m.to])).toEqual([['Needs Analysis', 'Quote Requested OP'], ['Quote Requested OP', 'Deal Mobilising']]);
    // Started already: a second start changes nothing.
    expect((await c.gql(START)).body.data?.startCreditApplication).toEqual({ status: '200', applicationId: c.applicationId });
    expect((await crm(c.email)).moves).toHaveLength(2);
  });

  it('a failed stage move is only logged: the start still answers and the status is set', async () => {
    const c = await fresh('nz');
    const control = await s.request('/dev/crm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: c.email, failNextMove: true }) });
    expect(control.status).toBe(200);
    expect((await c.gql(START)).body.data?.startCreditApplication).toEqual({ status: '200', applicationId: c.applicationId });
    expect(await statusOf(c.applicationId)).toBe('viewShortlist');
    expect((await crm(c.email)).StageName).toBe('Needs Analysis');
  });

  it.each([
    ['calculator.ineligible.au@demo.example', 'au.localhost', 'entityType'],
    ['calculator.ineligible.nz@demo.example', 'nz.localhost', 'manualLead'],
    ['calculator.notcalculator.au@demo.example', 'au.localhost', 'accountSource'],
  ])('%s is not eligible (%s): told why, and the start is refused', async (email, host, reason) => {
    const cookie = await s.login(email, undefined, host);
    expect((await s.gql(ELIGIBILITY, {}, { cookie, host })).body.data?.creditApplicationEligibility).toEqual({ eligible: false, reason });
    const app = await s.database.db.selectFrom('applications').innerJoin('users', 'users.id', 'applications.primary_user_id').select('applications.id').where('users.email', '=', email).executeTakeFirstOrThrow();
    const r = await s.gql(START, { id: app.id }, { cookie, host });
    expect(codeOf(r)).toBe('FORBIDDEN');
    expect(r.body.errors?.[0]?.extensions?.ineligible).toBe(reason);
  });

  it('the demo controls set the records; unknown e-mails and bad values are refused', async () => {
    const email = 'calculator.finished.au@demo.example';
    const set = await s.request('/dev/crm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, creditTotal: 90000, stageName: 'Closed Won' }) });
    expect(await set.json()).toMatchObject({ Credit_Total_Value__c: 90000, StageName: 'Closed Won', AccountSource: 'Calculator' });
    expect((await s.request('/dev/crm?email=nobody@demo.example')).status).toBe(404);
    const bad = await s.request('/dev/crm', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, creditTotal: 'lots' }) });
    expect(bad.status).toBe(400);
  });
});
