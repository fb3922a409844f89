/** Unit tests of server/enforce's pure decision over the project's real flows and schemas (no database). */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadServerDefinitions } from '../../../server/definitions';
import { completionsFor, decideWrite, EnforceError, flowsFor, resolveRecordPath, rolesIn, type AppSnapshot, type Caller, type WriteRequest } from '../../../server/enforce';

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

const base = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  status: 'businessDetails',
  statusSecondary: 'approvals',
  primaryApplicant: { userId: P.id, confirmed: 'yes' },
  // Authorised Officer (2) is offered (fragments/entity.yaml secondaryOffered).
  entityDetails: { hasSecondaryApplicant: 'yes' },
  secondaryApplicant: { userId: S.id },
  ...extra,
});

/** A scoreboard whose business details step is complete (flows' `completion` of financeDetails.completed). */
const completed = (extra: Record<string, unknown> = {}) =>
  base({
    primaryApplicant: { userId: P.id, firstName: 'Pat', lastName: 'Primary', email: P.email, confirmed: 'yes' },
    companyDetails: { companyName: 'Co Pty Ltd' },
    entityDetails: { entityName: 'Co Pty Ltd', industry: 'I', subDivision: 'D', subGroup: 'G', hasSecondaryApplicant: 'no' },
    businessDetails: {
      entityDetails: { companyLegalName: 'Co Pty Ltd', companyLegalAddress: '1 A St', tradingAddressSame: true, businessContactNumber: '0298765432', streetNo: '1', streetName: 'A St', suburb: 'Sydney', state: 'NSW', postCode: '2000' },
      annualRevenue: 100000,
      financeDetails: { currentFleetSize: '1', numberOfEmployees: '2', purchaseMoreVehicles: 'no', valueOfApplication: 50000, personalGuarantee: 'yes', completed: 'yes' },
    },
    ...extra,
  });

const decide = (a: AppSnapshot, caller: Caller, request: WriteRequest, by?: 'client' | 'server') => decideWrite({ defs, layers, logic: definitions.logic, app: a, caller, request, by });
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
    expect(rolesIn(defs, definitions.logic, app(base()), P)).toEqual(['primary']);
    expect(rolesIn(defs, definitions.logic, app(base()), S)).toEqual(['secondary']);
  });
  it('with no primary applicant the quote recipient counts as primary (calculator and reassigned quotes)', () => {
    expect(rolesIn(defs, definitions.logic, app({ status: 'viewShortlist' }, { type: 'calculator' }), P)).toEqual(['primary']);
    expect(rolesIn(defs, definitions.logic, app({ status: 'orderVerification' }), P)).toEqual(['primary']);
  });
  it('a member who is not the named primary applicant is not primary', () => {
    expect(rolesIn(defs, definitions.logic, app(base({ primaryApplicant: { userId: N.id } })), P)).toEqual([]);
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
    const done = app(completed());
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
    // When the client also has a way (wet signature) whose condition fails, the refusal says so: a failing guard ranks above server-only.
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
  it('asks for the signed Quote on wet signature where the region setting says so (AU), not elsewhere (NZ)', () => {
    const signing = { uploadFile: { uuid: 'f-1' } };
    const wet = app(base({ status: 'reviewAndSignContract', wetSignature: { signType: 'wet', documentMLA: signing, documentBank: signing } }));
    const submit = { path: 'scoreboard.status', value: 'finished' };
    expect(refusal(() => decide(wet, P, submit)).code).toBe('GUARD_FAILED');
    const nz = definitions.layers({ brand: 'kiwi-nz', region: 'nz' });
    expect(decideWrite({ defs, layers: nz, logic: definitions.logic, app: { ...wet, brandId: 'kiwi-nz', region: 'NZ' }, caller: P, request: submit })).toMatchObject({ kind: 'transition', event: 'wetSignatureSubmitted' });
  });
  it('identity verification is the officer’s own, after the ID form is saved on a provider outcome', () => {
    // 'Your Details' confirmed (the approvals steps' completion checked it when it was saved).
    const form = { firstName: 'S', lastName: 'T', dateOfBirth: '1985-04-03', currentAddress: '1 George Street, Sydney NSW 2000', driversLicenceNumber: '1', driversLicenceExpiry: '30/06/2030', driversLicenceState: 'VIC', driversCardNumber: 'FV518274', confirmed: 'yes' };
    // The form alone (a client's write) completes nothing; the provider's passed outcome (the server's) does.
    const unscanned = base({ status: 'approvals', secondaryApplicant: { userId: S.id, idScanResult: form } });
    expect(refusal(() => decide(app(unscanned), S, { path: 'scoreboard.secondaryApplicant.identityVerificationStatus', value: 'completed' })).code).toBe('GUARD_FAILED');
    const approvals = base({ status: 'approvals', secondaryApplicant: { userId: S.id, idScanResult: form, idScanData: { idScan: { outcome: 'passed' } } } });
    expect(decide(app(approvals), S, { path: 'scoreboard.secondaryApplicant.identityVerificationStatus', value: 'completed' }).kind).toBe('transition');
    // The client cannot write that outcome.
    expect(refusal(() => decide(app(unscanned), S, { path: 'scoreboard.secondaryApplicant.idScanData.idScan.outcome', value: 'passed' })).code).toBe('FORBIDDEN_PATH');
    expect(refusal(() => decide(app(unscanned), S, { path: 'scoreboard.secondaryApplicant.idScanData.idScan', value: { outcome: 'passed' }, operation: 'createOrUpdateProperty' })).code).toBe('FORBIDDEN_PATH');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.secondaryApplicant.identityVerificationStatus', value: 'completed' })).code).toBe('TRANSITION_NOT_ALLOWED');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.primaryApplicant.identityVerificationStatus', value: 'completed' })).code).toBe('GUARD_FAILED');
    expect(refusal(() => decide(app(approvals), P, { path: 'scoreboard.primaryApplicant.identityVerificationStatus', value: 'done' })).code).toBe('INVALID_VALUE');
  });
});

describe('completion flags are requests (flows\' step `completion`)', () => {
  it('declare flags, sections and required members the record schema has', () => {
    const declared = [...completionsFor(defs, 'vehicle'), ...completionsFor(defs, 'calculator')];
    expect(declared.map((c) => `${c.flow}.${c.step}: ${c.def.flag}`)).toEqual([
      'primary.businessDetails: scoreboard.entityDetails.confirmed',
      'primary.businessDetails: scoreboard.primaryApplicant.confirmed',
      'primary.businessDetails: scoreboard.businessDetails.financeDetails.completed',
      'primary.approvals: scoreboard.primaryApplicant.idScanResult.confirmed',
      'secondary.approvals: scoreboard.secondaryApplicant.idScanResult.confirmed',
      'calculatorApplication.businessDetails: scoreboard.entityDetails.confirmed',
      'calculatorApplication.businessDetails: scoreboard.primaryApplicant.confirmed',
      'calculatorApplication.businessDetails: scoreboard.businessDetails.financeDetails.completed',
      'calculatorApplication.approvals: scoreboard.primaryApplicant.idScanResult.confirmed',
      'secondary.approvals: scoreboard.secondaryApplicant.idScanResult.confirmed',
    ]);
    for (const { def } of declared) {
      const paths = [def.flag, ...def.sections.flatMap((s) => [s.path, ...(s.required ?? []).map((m) => `${s.path}.${m}`)]), ...(def.rules ?? []).map((r) => r.section)];
      for (const path of paths) expect(() => resolveRecordPath(layers, {}, path), path).not.toThrow();
    }
  });
  it('refuse a flag write naming the first failing section, with the record as the write leaves it', () => {
    const e = refusal(() => decide(app(base()), P, { path: 'scoreboard.businessDetails.financeDetails', value: { completed: 'yes' } }));
    expect(e).toEqual({ code: 'STEP_INCOMPLETE', message: "'scoreboard.businessDetails.financeDetails.completed' = \"yes\" completes step 'businessDetails' of flow 'primary', but section 'scoreboard.companyDetails' is missing" });
    const full = completed();
    const sections = full.businessDetails as Record<string, unknown>;
    const without = app({ ...full, businessDetails: { ...sections, financeDetails: {} } });
    expect(decide(without, P, { path: 'scoreboard.businessDetails.financeDetails', value: { currentFleetSize: '1', numberOfEmployees: '2', purchaseMoreVehicles: 'no', valueOfApplication: 50000, personalGuarantee: 'yes', completed: 'yes' } }).kind).toBe('write');
    expect(refusal(() => decide(without, P, { path: 'scoreboard.businessDetails.financeDetails.completed', value: 'yes' })).message).toMatch(/section 'scoreboard.businessDetails.financeDetails' lacks currentFleetSize, numberOfEmployees, purchaseMoreVehicles/);
    // Writes that leave the flag unset are not requests.
    expect(decide(app(base()), P, { path: 'scoreboard.businessDetails.financeDetails', value: { completed: '' } }).kind).toBe('write');
  });
  it('re-check the step when a transition guard reads the flag', () => {
    const changed = completed({ entityDetails: { entityName: 'Co Pty Ltd', hasSecondaryApplicant: 'no' } });
    expect(refusal(() => decide(app(changed), P, { path: 'scoreboard.status', value: 'approvals' }))).toMatchObject({ code: 'STEP_INCOMPLETE', message: expect.stringMatching(/section 'scoreboard.entityDetails' lacks industry, subDivision, subGroup/) });
    const secondaryMissing = completed({ entityDetails: { entityName: 'Co Pty Ltd', industry: 'I', subDivision: 'D', subGroup: 'G', hasSecondaryApplicant: 'yes' }, secondaryApplicant: {} });
    expect(refusal(() => decide(app(secondaryMissing), P, { path: 'scoreboard.status', value: 'approvals' })).message).toMatch(/a rule about 'scoreboard.secondaryApplicant' holds/);
  });
});

describe('what a write changes', () => {
  it('is unchanged when the record already holds the value (objects compared as JSON, null as absent)', () => {
    const a = app(base({ businessDetails: { annualRevenue: 5, entityDetails: { suburb: 'A', state: 'NSW' } } }));
    expect(decide(a, P, { path: 'scoreboard.businessDetails.annualRevenue', value: 5 })).toEqual({ kind: 'unchanged', path: 'scoreboard.businessDetails.annualRevenue', value: 5, mode: 'set' });
    expect(decide(a, P, { path: 'scoreboard.businessDetails.entityDetails', value: { state: 'NSW', suburb: 'A' } }).kind).toBe('unchanged');
    expect(decide(a, P, { path: 'scoreboard.businessDetails.entityDetails', value: { state: 'NSW' } }).kind).toBe('write');
    const named = app(base({ secondaryApplicant: { userId: S.id, firstName: 'Sam' } }));
    expect(decide(named, P, { path: 'scoreboard.secondaryApplicant', mode: 'merge', value: { firstName: 'Sam' } }).kind).toBe('unchanged');
    expect(decide(named, P, { path: 'scoreboard.secondaryApplicant', mode: 'merge', value: { firstName: 'Sue' } }).kind).toBe('write');
  });
  it('walks own schema members only and bounds list positions', () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect(refusal(() => decide(app(base()), P, { path: `scoreboard.companyDetails.${name}`, value: {} })).code).toBe('INVALID_PATH');
    }
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ uuid: `u${i}` }));
    const at = (n: number) => app(base({ businessDetails: { financeDetails: { fileUrls: files(n) } } }));
    expect(decide(at(2), P, { path: 'scoreboard.businessDetails.financeDetails.fileUrls.2', value: { uuid: 'x' } })).toMatchObject({ kind: 'write', listSegments: [4] });
    expect(refusal(() => decide(at(2), P, { path: 'scoreboard.businessDetails.financeDetails.fileUrls.3', value: { uuid: 'x' } })).message).toMatch(/holds 2 entries/);
    expect(refusal(() => decide(at(10), P, { path: 'scoreboard.businessDetails.financeDetails.fileUrls.10', value: { uuid: 'x' } })).message).toMatch(/at most 10/);
    expect(refusal(() => decide(app(base()), P, { path: 'scoreboard.businessDetails.financeDetails.fileUrls.x', value: {} })).code).toBe('INVALID_PATH');
  });
});
