/**
 * Refused writes change nothing: undeclared paths, paths the step does not give the role, status jumps,
 * provider outcomes, stale versions and malformed input each answer a clear error; the row and the audit
 * log stay exactly as they were.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { CATALOGUED_CODES } from '../../../server/graphql/apiErrors';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer } from './harness';
import { codeOf, expectRefused, row, serverSets, setProperty } from './helpers';

const A = FIXTURE.apps.shared;

describe.each(DATABASES)('refusals on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => h.reset());

  /** Run a call that must be refused with `code`, and check nothing changed. */
  function refusedUnchanged(code: string, call: () => Promise<Answer>, messageLike?: RegExp) {
    // An API refusal shows the user the catalogue's text for its code; the developer's reason travels beside it.
    const catalogued = CATALOGUED_CODES.has(code);
    return expectRefused(h, A, call, catalogued ? { code, catalogue: { brand: 'acme-au', region: 'au' }, reason: messageLike } : { code, message: messageLike });
  }

  it('refuses a path the record does not declare', async () => {
    await refusedUnchanged('INVALID_PATH', () => setProperty(h, 'primary', A, 'businessDetails.hacker', 'x'), /not a field of the application record/);
  });

  it('refuses a path the current step does not let the role write', async () => {
    await refusedUnchanged('FORBIDDEN_PATH', () => setProperty(h, 'primary', A, 'primaryApplicant.userId', FIXTURE.users.other.id), /not writable by primary/);
    await refusedUnchanged('FORBIDDEN_PATH', () => setProperty(h, 'secondary', A, 'entityDetails.entityName', 'Hijack Pty Ltd'));
    // The ID form belongs to the approvals step: not writable while business details are open.
    await refusedUnchanged('FORBIDDEN_PATH', () => setProperty(h, 'primary', A, 'primaryApplicant.idScanResult', { firstName: 'Pat' }));
    // A whole applicant object would overwrite its statuses.
    await refusedUnchanged('FORBIDDEN_PATH', () => setProperty(h, 'primary', A, 'primaryApplicant', { firstName: 'Pat' }), /changes only by a transition/);
  });

  it('refuses status jumps, transitions of other roles and unmet guards', async () => {
    await refusedUnchanged('INVALID_TRANSITION', () => setProperty(h, 'primary', A, 'status', 'finished'), /no transition of 'scoreboard.status' from businessDetails to finished/);
    await refusedUnchanged('INVALID_TRANSITION', () => setProperty(h, 'primary', A, 'status', 'orderVerification'));
    await refusedUnchanged('GUARD_FAILED', () => setProperty(h, 'primary', A, 'status', 'approvals'), /condition/);
    await refusedUnchanged('TRANSITION_NOT_ALLOWED', () => setProperty(h, 'secondary', A, 'status', 'approvals'));
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'status', 'nonsense'), /must be one of/);
    await refusedUnchanged('GUARD_FAILED', () => setProperty(h, 'secondary', A, 'statusSecondary', 'reviewAndSignContract'));
  });

  it('refuses a client write of a provider outcome that differs from the stored value', async () => {
    await refusedUnchanged('PROVIDER_OUTCOME', () => setProperty(h, 'primary', A, 'statusCreditCheck', 'approved'), /set only by the server/);
    // A digital envelope completes only when the e-signature provider reports it.
    await serverSets(h, A, 'scoreboard.docusignStatus', 'created');
    await refusedUnchanged('GUARD_FAILED', () => h.gql('primary', 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status } }', { id: A }), /only the server sets it/);
  });

  it('refuses a stale version', async () => {
    const { version } = await row(h, A);
    expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 300000, version))).toBe('ok');
    const answer = await refusedUnchanged('STALE_VERSION', () => setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 1, version), /changed since version/);
    expect(answer.errors?.[0].extensions).toMatchObject({ expectedVersion: version, currentVersion: version + 1 });
  });

  it('refuses malformed input', async () => {
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 'lots'), /annualRevenue/);
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'secondaryApplicant.phone', 'call me!!!'), /Field needs to be a telephone number/);
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'secondaryApplicant.firstName', 'X'), /at least 2 characters/);
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'businessDetails.financeDetails', { currentFleetSize: '12345' }));
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'businessDetails.entityDetails.businessWebsite', 'w'.repeat(70_000)), /too large/);
    await refusedUnchanged('INVALID_VALUE', () => setProperty(h, 'primary', A, 'entityDetails', { entityName: 'A' }, undefined, { idScanResult: { firstName: 'B' } }), /exactly one/);
    await refusedUnchanged('INVALID_PATH', () => setProperty(h, 'primary', A, "status'--.x", 'approvals'), /not a valid record path/);
    await refusedUnchanged('GRAPHQL_VALIDATION_FAILED', () => h.gql('primary', 'mutation($id: ID!) { createOrUpdateProperty(applicationId: $id) { status } }', { id: A }));
    await refusedUnchanged('FORBIDDEN', () => setProperty(h, 'primary', 'not-a-uuid', 'businessDetails.annualRevenue', 1));
  });

  it('refuses inviting yourself with the catalogue text where reassigning is open, and says nothing of the details elsewhere', async () => {
    const yourself = () => h.gql('primary', 'mutation($u: UserInfoInput!) { reassignQuote(userInfo: $u) { status } }', { u: { firstName: 'Pat', lastName: 'Primary', email: FIXTURE.users.primary.email.toUpperCase(), phone: '0411222333' } });
    // businessDetails: only order verification may hand the application over (flows/primary.yaml).
    await refusedUnchanged('FORBIDDEN_PATH', yourself);
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    await refusedUnchanged('INVALID_VALUE', yourself, /^You can not reassigne the quote yourself$/);
  });

  it('refuses a shortlist of someone else or over the limit', async () => {
    const q = 'mutation($u: ID!, $s: JSON!) { updateShortlists(userId: $u, shortlists: $s) { success } }';
    expect(codeOf(await h.gql('calculator', q, { u: FIXTURE.users.primary.id, s: [] }))).toBe('FORBIDDEN');
    const four = [1, 2, 3, 4].map((i) => ({ catalogVehicleId: `CV-${i}` }));
    // The limit has its own code, which the UI maps to 'Limit has been reached.' (messages/calculator.yaml).
    expect(codeOf(await h.gql('calculator', q, { u: FIXTURE.users.calculator.id, s: four }))).toBe('SHORTLIST_LIMIT');
  });
});
