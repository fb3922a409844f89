/**
 * The credit check through the credit-bureau sandbox, over HTTP (issue 33 item 3, the server parts of items 5 and 6):
 * each outcome recorded by the server through the flows (statusCreditCheck, the review's completion, the move to
 * reviewAndSignContract); one bureau request per submission however often and however concurrently it is replayed;
 * a Resubmit is a new request; the waiting screen's poll (creditCheck) records an approved result; on hold, Authorised
 * Officer (2) is told by e-mail, and their ID completing submits again by itself (a result sets refer); crafted client
 * writes of a credit result, the review's status or its completion are refused; the testing value never counts in
 * production; the demo controls are not served there.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import type { CreditBureauProvider } from '../../../server/creditBureau';
import { normalise } from '../../../server/plugins/persistedManifest';
import { servicesFor } from '../../../server/services';
import { hashPassword } from '../../../server/auth';
import { brandFor, DEMO_PASSWORD, seedScenario } from '../../../server/seed/seedAll';
import { DATABASES, definitions, silent, startServer, useHarness, type TestServer } from './harness';

interface Officer {
  applicationId: string;
  email: string;
  cookie: string;
  host: string;
}

const SUBMIT = 'mutation($p: SubmitCreditCheckInput!) { submitCreditCheck(payload: $p) { id_reference_internal status result } }';
const POLL = 'query($p: String!) { creditCheck(param: $p, applicationType: "vehicle") { id_reference_internal status result } }';
const WRITE = 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status } }';
const LOGIN = 'mutation($e:String!,$p:String!){ login(email:$e,password:$p){ success error } }';
const REQUEST = 'mutation($id: ID!, $e: String!) { requestTransition(applicationId: $id, event: $e) { status } }';
/** A primary officer at the review: identity completed, consent confirmed, the review pending. */
const AT_REVIEW = { 'scoreboard.primaryApplicant.identityVerificationStatus': 'completed', 'scoreboard.primaryApplicant.privacyConsent': 'confirmed' };
/** The second officer's ID form, confirmed, and a passed scan (their identity not completed yet). */
const SECONDARY_SCANNED = {
  'scoreboard.statusSecondary': 'approvals',
  'scoreboard.entityDetails.hasSecondaryApplicant': 'yes',
  'scoreboard.secondaryApplicant.idScanResult': {
    firstName: 'Sam', lastName: 'Second', dateOfBirth: '1980-04-12', currentAddress: '1 George Street, Sydney NSW 2000', driversLicenceNumber: 'SAMSEC4471',
    driversLicenceExpiry: '2031-04-12', driversLicenceState: 'NSW', driversCardNumber: '2044719930', confirmed: 'yes',
  },
  'scoreboard.secondaryApplicant.idScanData.idScan.outcome': 'passed',
};
type Answer = { id_reference_internal: string | null; status: string; result: string | null };
type Body = { errors?: { extensions?: { code?: string } }[]; data?: Record<string, unknown> | null };
const codeOf = (r: { body: Body }) => r.body.errors?.[0]?.extensions?.code ?? 'ok';

describe.each(DATABASES)('credit check on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  /** A fresh primary at the review (and, with a second officer, that officer too). */
  async function fresh(set: Record<string, unknown> = {}, withSecondary = false): Promise<{ primary: Officer; secondary?: Officer }> {
    const body = withSecondary ? { region: 'au', role: 'secondary', status: 'approvals', set: { ...AT_REVIEW, ...SECONDARY_SCANNED, ...set } } : { region: 'au', role: 'primary', status: 'approvals', set: { ...AT_REVIEW, ...set } };
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(r.status).toBe(201);
    const a = (await r.json()) as { email: string; password: string; applicationId: string; host: string };
    const login = async (email: string): Promise<Officer> => ({ applicationId: a.applicationId, email, cookie: await s.login(email, a.password, a.host), host: a.host });
    if (!withSecondary) return { primary: await login(a.email) };
    const row = await s.database.db.selectFrom('applications').innerJoin('users', 'users.id', 'applications.primary_user_id').select('users.email').where('applications.id', '=', a.applicationId).executeTakeFirstOrThrow();
    return { primary: await login(row.email), secondary: await login(a.email) };
  }
  const gql = (o: Officer, query: string, variables: Record<string, unknown> = {}) => s.gql(query, { id: o.applicationId, ...variables }, { cookie: o.cookie, host: o.host });
  const submit = (o: Officer, testingValue?: string) => gql(o, SUBMIT, { p: { applicationId: o.applicationId, ...(testingValue ? { testingValue } : {}) } });
  const answerOf = (r: { body: Body }) => {
    expect(r.body.errors).toBeUndefined();
    return r.body.data?.submitCreditCheck as Answer;
  };
  const poll = async (o: Officer) => {
    const r = await gql(o, POLL, { p: `${o.applicationId.slice(0, 8)}3` });
    expect(r.body.errors).toBeUndefined();
    return r.body.data?.creditCheck as Answer;
  };
  const control = (body: unknown) => s.request('/dev/creditbureau', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const scoreboard = async (o: Officer) => ((await s.database.db.selectFrom('applications').select('record').where('id', '=', o.applicationId).executeTakeFirstOrThrow()).record as { scoreboard: Record<string, unknown> & { primaryApplicant: Record<string, unknown> } }).scoreboard;
  const requests = (o: Officer) => s.database.db.selectFrom('creditbureau_sandbox_requests').select(['reference', 'result']).where('application_id', '=', o.applicationId).orderBy('created_at').execute();

  it('records each outcome through the flows: approved, declined, refer, and none (refer, then approved by a poll)', async () => {
    const expected: Record<string, [string | null, string]> = { approved: ['approved', 'approved'], declined: ['declined', 'declined'], refer: ['refer', 'refer'], none: [null, 'refer'] };
    for (const [outcome, [result, status]] of Object.entries(expected)) {
      const { primary } = await fresh();
      expect((await control({ outcome, email: primary.email })).status).toBe(200);
      const answer = answerOf(await submit(primary, 'accept'));
      expect(answer).toEqual({ id_reference_internal: `${primary.applicationId}:0`, status: result ? 'complete' : 'pending', result });
      const board = await scoreboard(primary);
      expect([board.statusCreditCheck, board.primaryApplicant.applicationReviewStatus, board.status], outcome).toEqual([status, 'completed', 'reviewAndSignContract']);
      if (outcome !== 'none') continue;
      // The waiting screen's poll: no result yet; once the bureau decides, any approved result gives approved.
      expect(await poll(primary)).toEqual(answer);
      const decided = await s.request('/dev/creditbureau/decide', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ reference: answer.id_reference_internal, outcome: 'approved' }) });
      expect(decided.status).toBe(200);
      expect(await poll(primary)).toEqual({ ...answer, status: 'complete', result: 'approved' });
      expect((await scoreboard(primary)).statusCreditCheck).toBe('approved');
    }
    // No control: the client's testing value counts in the sandbox outside production (accept: approved); the control was used up.
    const { primary } = await fresh();
    expect(answerOf(await submit(primary, 'accept')).result).toBe('approved');
    const { next } = (await (await s.request('/dev/creditbureau')).json()) as { next: { key: string; standing: boolean }[] };
    expect(next.filter((c) => !c.standing)).toEqual([]);
    // secondary_idscan_not_complete is derived from the record, never a control; bodies are checked.
    for (const body of [{ outcome: 'secondary_idscan_not_complete' }, { outcome: 'approved', email: 'not an e-mail' }, { outcome: 'approved', standing: 'yes' }, {}]) expect((await control(body)).status).toBe(400);
    expect((await s.request(`/dev/creditbureau/${primary.applicationId}`)).status).toBe(200);
  });

  it('makes one bureau request per submission, however often and however concurrently it is replayed', async () => {
    const { primary } = await fresh();
    await control({ outcome: 'declined', email: primary.email });
    const answers = (await Promise.all(Array.from({ length: 5 }, () => submit(primary, 'accept')))).map(answerOf);
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ id_reference_internal: `${primary.applicationId}:0`, result: 'declined' });
    // Later replays (another testing value too) answer the same, with no new request.
    expect(answerOf(await submit(primary, 'decline'))).toEqual(answers[0]);
    expect(answerOf(await submit(primary))).toEqual(answers[0]);
    expect(await requests(primary)).toEqual([{ reference: `${primary.applicationId}:0`, result: 'declined' }]);
    expect(await s.database.db.selectFrom('idempotency_keys').select('key').where('scope', '=', 'submitCreditCheck').where('key', 'like', `${primary.applicationId}:%`).execute()).toHaveLength(1);
    expect((await scoreboard(primary)).statusCreditCheck).toBe('declined');
  });

  it('puts an application on hold while the second officer\'s ID is not completed, tells them, and their ID completing submits again (a result sets refer)', async () => {
    const { primary, secondary } = await fresh({}, true);
    // A standing outcome (as seeded for a demo user): not used by the answer secondary_idscan_not_complete.
    await control({ outcome: 'approved', email: primary.email, standing: true });
    const answer = answerOf(await submit(primary, 'accept'));
    expect(answer.result).toBe('secondary_idscan_not_complete');
    const board = await scoreboard(primary);
    expect([board.statusCreditCheck, board.primaryApplicant.applicationReviewStatus, board.status]).toEqual(['waiting', 'completed', 'reviewAndSignContract']);
    const mail = await s.database.db.selectFrom('outbox').select(['to_address', 'subject', 'body_text', 'template']).where('template', '=', 'creditCheckOnHold').where('to_address', '=', secondary!.email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0].body_text).toContain('complete your ID scan');
    expect(mail[0].body_text).toContain(`/applications/${primary.applicationId}`);
    // Resubmit before the second officer is done: the same submission (no new request, no second e-mail).
    expect(answerOf(await submit(primary))).toEqual(answer);
    expect(await requests(primary)).toHaveLength(1);

    // The second officer completes their ID: the server submits again as them; the bureau's approved result sets refer.
    expect(codeOf(await gql(secondary!, WRITE, { p: { propertyFirst: 'secondaryApplicant', propertySecond: 'identityVerificationStatus', value: 'completed' } }))).toBe('ok');
    expect(await requests(primary)).toEqual([{ reference: `${primary.applicationId}:0`, result: 'secondary_idscan_not_complete' }, { reference: `${primary.applicationId}:1`, result: 'approved' }]);
    expect((await scoreboard(primary)).statusCreditCheck).toBe('refer');
    // The on-hold screen's Resubmit now answers that submission again.
    expect(answerOf(await submit(primary))).toMatchObject({ id_reference_internal: `${primary.applicationId}:1`, result: 'approved' });
    expect(await requests(primary)).toHaveLength(2);
    expect(await s.database.db.selectFrom('outbox').select('id').where('template', '=', 'creditCheckOnHold').where('to_address', '=', secondary!.email).execute()).toHaveLength(1);
    await s.database.db.deleteFrom('creditbureau_sandbox_controls').where('subject_key', '=', primary.email).execute();
  });

  it('takes a Resubmit of a waiting application whose second officer is done as a new request, mapped as usual', async () => {
    const { primary } = await fresh({}, true);
    expect(answerOf(await submit(primary, 'accept')).result).toBe('secondary_idscan_not_complete');
    // The second officer's identity completed without the automatic resubmission (e.g. it failed): the Resubmit button.
    await s.database.db.updateTable('applications').set((eb) => ({ record: eb.fn('jsonb_set', [eb.ref('record'), eb.val('{scoreboard,secondaryApplicant,identityVerificationStatus}'), eb.val('"completed"')]) })).where('id', '=', primary.applicationId).execute();
    const [a, b] = (await Promise.all([submit(primary, 'accept'), submit(primary, 'accept')])).map(answerOf);
    expect(a).toEqual(b);
    expect(a).toEqual({ id_reference_internal: `${primary.applicationId}:1`, status: 'complete', result: 'approved' });
    expect(await requests(primary)).toHaveLength(2);
    expect((await scoreboard(primary)).statusCreditCheck).toBe('approved');
  });

  it('checks each review edit by the review\'s own rule (001 s5), normalised as the screen normalises it, and locks them and the consent once the review is completed', async () => {
    // NZ: business details take a phone of 9 to 12 digits; the review takes exactly 10 (schemas/reviewDetails.json).
    const r = await s.request('/dev/applications', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ region: 'nz', role: 'primary', status: 'approvals', set: AT_REVIEW }) });
    const a = (await r.json()) as { email: string; password: string; applicationId: string; host: string };
    const nz: Officer = { applicationId: a.applicationId, email: a.email, cookie: await s.login(a.email, a.password, a.host), host: a.host };
    const edit = (o: Officer, second: string, third: string | undefined, value: unknown) => gql(o, WRITE, { p: { propertyFirst: 'businessDetails', propertySecond: second, ...(third ? { propertyThird: third } : {}), value } });
    const refused: [string, string | undefined, unknown][] = [
      ['entityDetails', 'businessContactNumber', '091234567'],       // 9 digits: business details' NZ rule, not the review's
      ['entityDetails', 'businessContactNumber', '09123456789'],
      ['entityDetails', 'businessContactNumber', ''],                // required
      ['annualRevenue', undefined, 'lots'],                          // a float
      ['annualRevenue', undefined, ''],
      ['financeDetails', 'howManyVehicles', ''],                     // required
      ['financeDetails', 'howManyVehicles', '1000'],                 // 1 to 3 digits
      ['financeDetails', 'numberOfEmployees', '12345'],              // 1 to 4 digits
      ['financeDetails', 'currentFleetSize', 'ten'],
      ['financeDetails', 'purchaseMoreVehicles', 'maybe'],
    ];
    for (const [second, third, value] of refused) expect(codeOf(await edit(nz, second, third, value)), `${second}.${third} = ${String(value)}`).toBe('INVALID_VALUE');
    // Typed with spaces (a phone's), the value passes as the screen normalises it.
    expect(codeOf(await edit(nz, 'entityDetails', 'businessContactNumber', '09 1234 5678'))).toBe('ok');
    for (const [second, third, value] of [['entityDetails', 'businessContactNumber', '0912345678'], ['annualRevenue', undefined, '1250000.50'], ['financeDetails', 'howManyVehicles', '12'], ['financeDetails', 'purchaseMoreVehicles', 'no'], ['entityDetails', 'businessWebsite', '']] as const) {
      expect(codeOf(await edit(nz, second, third, value)), `${second}.${third}`).toBe('ok');
    }
    const board = await scoreboard(nz) as unknown as { businessDetails: { annualRevenue: string; entityDetails: { businessContactNumber: string } } };
    expect(board.businessDetails.annualRevenue).toBe('1250000.50');
    expect(board.businessDetails.entityDetails.businessContactNumber).toBe('0912345678');
    // Submitted: the review is completed; its edits and the consent are locked.
    answerOf(await submit(nz, 'refer'));
    expect(codeOf(await edit(nz, 'financeDetails', 'howManyVehicles', '3'))).toBe('FORBIDDEN_PATH');
    expect(codeOf(await gql(nz, WRITE, { p: { propertyFirst: 'primaryApplicant', propertySecond: 'privacyConsent', value: 'confirmed' } }))).toBe('FORBIDDEN_PATH');
  });

  it('stores the consent only as confirmed (001 s4)', async () => {
    const { primary } = await fresh({ 'scoreboard.primaryApplicant.privacyConsent': null });
    expect(codeOf(await gql(primary, WRITE, { p: { propertyFirst: 'primaryApplicant', propertySecond: 'privacyConsent', value: 'declined' } }))).toBe('INVALID_VALUE');
    expect(codeOf(await gql(primary, WRITE, { p: { propertyFirst: 'primaryApplicant', propertySecond: 'privacyConsent', value: 'confirmed' } }))).toBe('ok');
    expect((await scoreboard(primary)).primaryApplicant.privacyConsent).toBe('confirmed');
  });

  it('refuses crafted client writes of a credit result, the review\'s status, its completion and the move on', async () => {
    const { primary } = await fresh();
    const before = await scoreboard(primary);
    const writes = [
      { propertyFirst: 'statusCreditCheck', value: 'approved' },
      { propertyFirst: 'statusCreditCheck', value: 'waiting' },
      { propertyFirst: 'primaryApplicant', propertySecond: 'applicationReviewStatus', value: 'completed' },
      { propertyFirst: 'status', value: 'reviewAndSignContract' },
    ];
    for (const p of writes) expect(['PROVIDER_OUTCOME', 'GUARD_FAILED'], JSON.stringify(p)).toContain(codeOf(await gql(primary, WRITE, { p })));
    for (const e of ['reviewed', 'creditCheckSubmitted', 'approved', 'secondary_idscan_not_complete']) expect(['PROVIDER_OUTCOME', 'GUARD_FAILED', 'INVALID_TRANSITION'], e).toContain(codeOf(await gql(primary, REQUEST, { e })));
    expect(await scoreboard(primary)).toEqual(before);
    // After a submission, still only the server moves them.
    answerOf(await submit(primary, 'refer'));
    expect(codeOf(await gql(primary, WRITE, { p: { propertyFirst: 'statusCreditCheck', value: 'approved' } }))).toBe('PROVIDER_OUTCOME');
    expect((await scoreboard(primary)).statusCreditCheck).toBe('refer');
    // No consent, no submission: the review's own guard.
    const { primary: noConsent } = await fresh({ 'scoreboard.primaryApplicant.privacyConsent': null });
    expect(codeOf(await submit(noConsent, 'accept'))).toBe('GUARD_FAILED');
    expect(await requests(noConsent)).toEqual([]);
    // The poll names the caller's own application only.
    expect(codeOf(await gql(primary, POLL, { p: '000000003' }))).toBe('FORBIDDEN');
    expect(await poll(noConsent)).toEqual({ id_reference_internal: null, status: 'none', result: null });
  });

  it('answers the seeded demo users with their seeded outcome, every time (standing)', async () => {
    const login = async (key: string): Promise<Officer> => {
      const row = await s.database.db.selectFrom('users').innerJoin('applications', 'applications.primary_user_id', 'users.id').select(['users.email', 'applications.id']).where('users.email', '=', `${key}@demo.example`).executeTakeFirstOrThrow();
      return { applicationId: row.id, email: row.email, cookie: await s.login(row.email, DEMO_PASSWORD, 'au.localhost'), host: 'au.localhost' };
    };
    const declined = await login('primary.credit-submit-declined.au');
    expect(answerOf(await submit(declined, 'accept')).result).toBe('declined');
    expect((await scoreboard(declined)).statusCreditCheck).toBe('declined');
    const onHold = await login('primary.credit-onhold.au');
    expect(answerOf(await submit(onHold, 'accept')).result).toBe('secondary_idscan_not_complete');
    expect((await scoreboard(onHold)).statusCreditCheck).toBe('waiting');
    const resubmit = await login('primary.credit-resubmit.au');
    expect(answerOf(await submit(resubmit)).result).toBe('approved');
    expect((await scoreboard(resubmit)).statusCreditCheck).toBe('approved');
    const { next } = (await (await s.request('/dev/creditbureau')).json()) as { next: { key: string; outcome: string; standing: boolean }[] };
    expect(next).toContainEqual({ key: 'primary.credit-submit-declined.au@demo.example', outcome: 'declined', standing: true });
  });

  it('chooses the provider by CREDIT_BUREAU_PROVIDER: the sandbox by default, a registered adapter by name, an unknown name stops the start', () => {
    expect(s.services.creditBureau.name).toBe('sandbox');
    const withProvider = (name: string, registered = {}) => servicesFor({ ...s.config, creditBureauProvider: name }, s.database, definitions(), silent, { creditBureauProviders: registered });
    const adapter: CreditBureauProvider = { name: 'acme-credit', submit: () => Promise.reject(new Error('not here')), answer: () => Promise.resolve(null) };
    expect(withProvider('acme-credit', { 'acme-credit': () => adapter }).creditBureau).toBe(adapter);
    expect(() => withProvider('acme-credit')).toThrow(ConfigError);
    expect(() => withProvider('acme-credit')).toThrow(/CREDIT_BUREAU_PROVIDER.*known: sandbox/);
  });
});

describe('credit check in production', () => {
  let s: TestServer;
  beforeAll(async () => {
    // Production runs persisted operations only: the sign-in and the submission.
    const manifest = Object.fromEntries([LOGIN, SUBMIT].map(normalise).map((text) => [createHash('sha256').update(text).digest('hex'), text]));
    s = await startServer('pglite', { config: { production: true, demo: true }, manifest });
  }, 60_000);
  afterAll(() => s?.close());

  it('ignores the client\'s testing value and serves no demo controls', async () => {
    expect((await s.request('/dev/creditbureau', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: 'approved' }) })).status).toBe(404);
    expect((await s.request('/dev/creditbureau')).status).toBe(404);
    const brand = brandFor(s.services, 'au');
    const seeded = await seedScenario(s.services, { key: 'primary.production-credit.au', brand: 'au', applicationType: 'vehicle', role: 'primary', status: 'approvals', set: AT_REVIEW, summary: 'test' }, brand, 0, await hashPassword(DEMO_PASSWORD));
    const cookie = await s.login(seeded.email, DEMO_PASSWORD, brand.hosts[0]);
    const r = await s.gql(SUBMIT, { p: { applicationId: seeded.applicationId, testingValue: 'accept' } }, { cookie, host: brand.hosts[0] });
    expect(r.body.errors).toBeUndefined();
    // Nothing chose an outcome (accept does not count here): the sandbox's default, refer.
    expect((r.body.data?.submitCreditCheck as Answer).result).toBe('refer');
    expect(await s.database.db.selectFrom('creditbureau_sandbox_controls').selectAll().where('subject_key', 'in', [seeded.email, '*']).execute()).toEqual([]);
  });
});
