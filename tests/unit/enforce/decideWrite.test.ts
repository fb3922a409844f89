/** Unit tests of server/enforce's pure decision over the project's real flows and schemas (no database). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerDefinitions } from '../../../server/definitions';
import { decideWrite, EnforceError, flowsFor, rolesIn, type AppSnapshot, type Caller, type WriteRequest } from '../../../server/enforce';

const definitions = loadServerDefinitions(join(import.meta.dirname, '../../..'));
const defs = definitions.defs;
const layers = definitions.layers({ brand: 'acme-au', region: 'au' });

const P: Caller = { id: 'u-primary', email: 'p@x.test' };
const S: Caller = { id: 'u-secondary', email: 's@x.test' };
const N: Caller = { id: 'u-nominee', email: 'n@x.test' };

function app(scoreboard: Record<string, unknown>, over: Partial<AppSnapshot> = {}): AppSnapshot {
  return {
    id: 'app-1',
    type: 'vehicle',
    status: 'draft',
    brandId: 'acme-au',
    region: 'AU',
    record: { scoreboard } as AppSnapshot['record'],
    version: 7,
    definitionVersion: 'test',
    primaryUserId: P.id,
    secondaryUserId: S.id,
    ...over,
  };
}

const base = (extra: Record<string, unknown> = {}) => ({
  status: 'businessDetails',
  statusSecondary: 'approvals',
  primaryApplicant: { userId: P.id, confirmed: 'yes' },
  secondaryApplicant: { userId: S.id },
  ...extra,
});

const decide = (a: AppSnapshot, caller: Caller, request: WriteRequest, by?: 'client' | 'server') => decideWrite({ defs, layers, app: a, caller, request, by });
function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    if (e instanceof EnforceError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('definitions', () => {
  it('load the journeys enforcement needs without errors in them', () => {
    const mine = definitions.errors.filter((e) => /flows\/(primary|secondary|calculatorApplication|creditCheck|quoteSigning|primaryIdentity|secondaryIdentity|applicationReview)\.yaml|schemas\/(scoreboard|applicationCalculator)\.json/.test(e.file));
    expect(mine).toEqual([]);
    expect(flowsFor(defs, 'vehicle').map((f) => f.id)[0]).toBe('primary');
    expect(flowsFor(defs, 'calculator').map((f) => f.id)[0]).toBe('calculatorApplication');
  });
});

describe('role derivation (spec 000 section 4)', () => {
  it('primary is the primary applicant; secondary the secondary applicant', () => {
    expect(rolesIn(defs, app(base()), P)).toEqual(['primary']);
    expect(rolesIn(defs, app(base()), S)).toEqual(['secondary']);
  });
  it('with no primary applicant the quote recipient counts as primary (calculator and reassigned quotes)', () => {
    expect(rolesIn(defs, app({ status: 'viewShortlist' }, { type: 'calculator' }), P)).toEqual(['primary']);
    expect(rolesIn(defs, app({ status: 'orderVerification' }), P)).toEqual(['primary']);
  });
  it('a member who is not the named primary applicant is not primary', () => {
    expect(rolesIn(defs, app(base({ primaryApplicant: { userId: N.id } })), P)).toEqual([]);
  });
});

describe('field writes', () => {
  it('accept a path the step gives the role, with the value stored before', () => {
    const d = decide(app(base({ businessDetails: { annualRevenue: 5 } })), P, { path: 'scoreboard.businessDetails.annualRevenue', value: 250000 });
    expect(d).toEqual({ kind: 'write', path: 'scoreboard.businessDetails.annualRevenue', value: 250000, from: 5, mode: 'set' });
  });
  it('refuse the same path for another role, or in another step', () => {
    expect(refusal(() => decide(app(base()), S, { path: 'scoreboard.businessDetails.annualRevenue', value: 1 })).code).toBe('FORBIDDEN_PATH');
    expect(refusal(() => decide(app(base({ status: 'finished' })), P, { path: 'scoreboard.businessDetails.annualRevenue', value: 1 })).code).toBe('FORBIDDEN_PATH');
  });
  it('validate the value against the schema at the path, with catalogue messages', () => {
    const r = refusal(() => decide(app(base()), P, { path: 'scoreboard.secondaryApplicant.email', value: 'not-an-email' }));
    expect(r).toEqual({ code: 'INVALID_VALUE', message: 'invalid value: scoreboard.secondaryApplicant.email: Field needs to be an email address' });
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.businessDetails.nope', value: 1 })).code).toBe('INVALID_PATH');
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard..status', value: 1 })).code).toBe('INVALID_PATH');
  });
  it('merge objects key by key: server keys skip the role check, status keys are refused', () => {
    const ok = decide(app(base()), P, { path: 'scoreboard.secondaryApplicant', mode: 'merge', value: { userId: 'new', firstName: 'Nina' }, serverKeys: ['userId'] });
    expect(ok).toMatchObject({ kind: 'write', mode: 'merge' });
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.secondaryApplicant', mode: 'merge', value: { userId: 'new' } })).code).toBe('FORBIDDEN_PATH');
    expect(refusal(() => decide(app(base()), S, { path: 'scoreboard.secondaryApplicant', mode: 'merge', value: { userId: 'new' }, serverKeys: ['userId'] })).code).toBe('INVALID_VALUE');
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.primaryApplicant', mode: 'merge', value: { identityVerificationStatus: 'completed' }, serverKeys: ['identityVerificationStatus'] })).code).toBe('FORBIDDEN_PATH');
  });
  it('keep the calculator shortlist writable in every status of a calculator application only', () => {
    const shortlist = { path: 'calculator.shortlists', value: [{ catalogVehicleId: 'x' }] };
    expect(decide(app({ status: 'approvals' }, { type: 'calculator' }), P, shortlist).kind).toBe('write');
    expect(refusal(() => decide(app(base()), P, shortlist)).code).toBe('FORBIDDEN_PATH');
  });
});

describe('status writes are transition requests', () => {
  it('an empty status may only become the first one (Proceed saves orderVerification)', () => {
    expect(decide(app({}), P, { path: 'scoreboard.status', value: 'orderVerification' })).toMatchObject({ kind: 'transition', flow: 'primary', event: 'proceed', to: 'orderVerification' });
    expect(refusal(() => decide(app({}), P, { path: 'scoreboard.status', value: 'approvals' })).code).toBe('INVALID_TRANSITION');
  });
  it('a guard must hold', () => {
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.status', value: 'approvals' })).code).toBe('GUARD_FAILED');
    const done = app(base({ businessDetails: { financeDetails: { completed: 'yes' } } }));
    expect(decide(done, P, { path: 'scoreboard.status', value: 'approvals' })).toMatchObject({ kind: 'transition', from: 'businessDetails', to: 'approvals', event: 'businessDetailsCreated' });
    expect(refusal(() => decide(done, S, { path: 'scoreboard.status', value: 'approvals' })).code).toBe('TRANSITION_NOT_ALLOWED');
  });
  it('an unchanged status is accepted as such for a role of the flow', () => {
    expect(decide(app(base()), P, { path: 'scoreboard.status', value: 'businessDetails' })).toEqual({ kind: 'unchanged', path: 'scoreboard.status', value: 'businessDetails' });
  });
  it('provider outcomes: only the server moves them; a client may repeat the stored value', () => {
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.statusCreditCheck', value: 'approved' })).code).toBe('PROVIDER_OUTCOME');
    expect(decide(app(base()), P, { path: 'scoreboard.statusCreditCheck', value: 'approved' }, 'server')).toMatchObject({ kind: 'transition', flow: 'creditCheck', to: 'approved' });
    expect(decide(app(base({ statusCreditCheck: 'approved' })), P, { path: 'scoreboard.statusCreditCheck', value: 'approved' }).kind).toBe('unchanged');
    expect(refusal(() => decide(app(base({ statusSecondary: 'reviewAndSignContract' })), S, { path: 'scoreboard.statusSecondary', value: 'finished' })).code).toBe('PROVIDER_OUTCOME');
    // When the client also has a way (wet signature) whose condition fails, the refusal says so.
    expect(refusal(() => decide(app(base({ status: 'reviewAndSignContract' })), P, { path: 'scoreboard.status', value: 'finished' }))).toEqual({
      code: 'GUARD_FAILED',
      message: "'scoreboard.status' cannot move from reviewAndSignContract to finished yet: the condition of flow 'primary' does not hold (otherwise only the server sets it)",
    });
  });
  it('wet-signature acceptance completes the quote signing and mirrors it at the record top', () => {
    const wet = app({ status: 'orderVerification', docusignStatus: 'none', wetSignature: { signType: 'wet' } });
    expect(decide(wet, P, { path: 'scoreboard.docusignStatus', value: 'completed' })).toMatchObject({
      kind: 'transition',
      flow: 'quoteSigning',
      extra: [{ path: 'docusignStatus', value: 'completed' }],
    });
    const digital = app({ status: 'orderVerification', docusignStatus: 'created', wetSignature: { signType: 'digital' } });
    expect(refusal(() => decide(digital, P, { path: 'scoreboard.docusignStatus', value: 'completed' })).message).toMatch(/otherwise only the server sets it/);
  });
  it('identity verification is the officer’s own, after the ID form is saved', () => {
    const approvals = base({ status: 'approvals', secondaryApplicant: { userId: S.id, idScanResult: { firstName: 'S', lastName: 'T', driversLicenceNumber: '1' } } });
    expect(decide(app(approvals), S, { path: 'scoreboard.secondaryApplicant.identityVerificationStatus', value: 'completed' }).kind).toBe('transition');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.secondaryApplicant.identityVerificationStatus', value: 'completed' })).code).toBe('TRANSITION_NOT_ALLOWED');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.primaryApplicant.identityVerificationStatus', value: 'completed' })).code).toBe('GUARD_FAILED');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.primaryApplicant.identityVerificationStatus', value: 'done' })).code).toBe('INVALID_VALUE');
  });
});
