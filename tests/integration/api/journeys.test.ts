/**
 * Accepted writes: a status walks forward only along the flow, every accepted write and transition is an
 * audit row, one path is patched per write, provider outcomes repeat only what the server holds, and the
 * officer writers hand the application over.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS, FIXTURE, FINANCE_COMPLETED } from './fixture';
import { DATABASES, startHarness, useHarness } from './harness';
import { audit, codeOf, row, serverSets, setProperty } from './helpers';

const A = FIXTURE.apps.shared;
const B = FIXTURE.apps.calculator;
const READ = 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId version roles scoreboard { status statusSecondary docusignStatus primaryApplicant { userId confirmed identityVerificationStatus } } } }';

describe.each(DATABASES)('journeys on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => h.reset());

  it('walks the primary officer from business details to approvals and audits each step', async () => {
    const finance = FINANCE_COMPLETED;
    // The sections before finance details (the completed flag asks the server to complete the step).
    for (const [path, value] of BUSINESS_DETAILS) expect(codeOf(await setProperty(h, 'primary', A, path, value))).toBe('ok');
    const sections = (await audit(h, A)).length;
    const before = await row(h, A);
    const w = await setProperty(h, 'primary', A, 'businessDetails.financeDetails', finance);
    expect(w.data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'OK', version: before.version + 1 });
    const t = await setProperty(h, 'primary', A, 'status', 'approvals');
    expect(codeOf(t)).toBe('ok');
    const after = await row(h, A);
    expect(after.version).toBe(before.version + 2);
    expect((after.record.scoreboard as Record<string, unknown>).status).toBe('approvals');
    // Only the written path changed.
    const untouched = { ...(before.record.scoreboard as Record<string, unknown>) };
    const now = { ...(after.record.scoreboard as Record<string, unknown>) };
    delete untouched.status;
    delete now.status;
    expect((now.businessDetails as Record<string, unknown>).financeDetails).toEqual(finance);
    delete (now.businessDetails as Record<string, unknown>).financeDetails;
    expect(now).toEqual(untouched);
    const rows = (await audit(h, A)).slice(sections);
    expect(rows.map((r) => [r.action, r.path, r.from_status, r.to_status, r.user_id])).toEqual([
      ['write', 'scoreboard.businessDetails.financeDetails', null, null, FIXTURE.users.primary.id],
      ['transition:primary.businessDetailsCreated', 'scoreboard.status', 'businessDetails', 'approvals', FIXTURE.users.primary.id],
    ]);
    expect(rows[0].to_value).toEqual(finance);

    // In approvals: the ID form, then identity verification (a transition of its own flow, guarded by the form).
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.identityVerificationStatus', 'completed'))).toBe('GUARD_FAILED');
    // 'Your Details' confirmed (001 s5: every required field; the card matching the NSW pattern).
    const id = { firstName: 'Pat', lastName: 'Primary', dob: '01/02/1980', dateOfBirth: '1980-02-01', currentAddress: '1 George Street, Sydney NSW 2000', driversLicenceNumber: 'FFJ3059174', driversLicenceExpiry: '30/06/2030', driversLicenceState: 'NSW', driversCardNumber: '2093817465', confirmed: 'yes' };
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant', null, undefined, { value: undefined, idScanResult: id }))).toBe('ok');
    // The form alone does not complete identity: the provider's outcome does (idScanOutcome records it; here the server's write).
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.identityVerificationStatus', 'completed'))).toBe('GUARD_FAILED');
    await serverSets(h, A, 'scoreboard.primaryApplicant.idScanData', { idScan: { journeyId: 'j-primary', outcome: 'passed' } });
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.identityVerificationStatus', 'completed'))).toBe('ok');
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.privacyConsent', 'confirmed'))).toBe('ok');
    // The review completes only after the credit bureau answered (server-held statusCreditCheck).
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.applicationReviewStatus', 'completed'))).toBe('GUARD_FAILED');
    await serverSets(h, A, 'scoreboard.statusCreditCheck', 'approved');
    // Repeating what the server holds is accepted unchanged, and audited as such.
    const v = (await row(h, A)).version;
    const same = await setProperty(h, 'primary', A, 'statusCreditCheck', 'approved');
    expect(same.data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'unchanged', version: v });
    expect((await audit(h, A)).at(-1)).toMatchObject({ action: 'unchanged', path: 'scoreboard.statusCreditCheck' });
    // The review's completion and the move on are the server's, inside the credit check's submission (by: server).
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.applicationReviewStatus', 'completed'))).toBe('PROVIDER_OUTCOME');
    expect(codeOf(await setProperty(h, 'primary', A, 'status', 'reviewAndSignContract'))).toBe('GUARD_FAILED');
    // The credit check's submission (no bureau answer recorded yet): the server records the bureau's, completes the
    // review and moves the journey on.
    await serverSets(h, A, 'scoreboard.statusCreditCheck', null);
    const submitted = await h.gql('primary', 'mutation($id: ID!) { submitCreditCheck(payload: { applicationId: $id, testingValue: "accept" }) { result } }', { id: A });
    expect(codeOf(submitted), JSON.stringify(submitted.errors)).toBe('ok');
    const board = (await row(h, A)).record.scoreboard as { status: string; primaryApplicant: { applicationReviewStatus: string } };
    expect([board.status, board.primaryApplicant.applicationReviewStatus]).toEqual(['reviewAndSignContract', 'completed']);
    expect((await audit(h, A)).at(-1)).toMatchObject({ action: 'transition:primary.creditCheckSubmitted', to_status: 'reviewAndSignContract' });
    // Finishing a digitally signed contract is the signing provider's outcome.
    const finish = await setProperty(h, 'primary', A, 'status', 'finished');
    expect(codeOf(finish)).toBe('GUARD_FAILED');
    expect(finish.errors?.[0].extensions?.reason).toMatch(/only the server sets it/);
  });

  it('decides a status request by event with the core: refused until its guard holds, by role, then taken and audited', async () => {
    const request = (who: 'primary' | 'secondary', event: string) =>
      h.gql(who, 'mutation($id: ID!, $e: String!) { requestTransition(applicationId: $id, event: $e) { status message version } }', { id: A, e: event });
    for (const [path, value] of BUSINESS_DETAILS) expect(codeOf(await setProperty(h, 'primary', A, path, value))).toBe('ok');
    // Finance details not completed: the guard of businessDetailsCreated does not hold.
    expect(codeOf(await request('primary', 'businessDetailsCreated'))).toBe('GUARD_FAILED');
    expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails', FINANCE_COMPLETED))).toBe('ok');
    // No status flow takes this event now (approvals' event); the secondary officer's own event is not the primary's;
    // the primary journey's event is not the secondary officer's.
    expect(codeOf(await request('primary', 'creditCheckSubmitted'))).toBe('INVALID_TRANSITION');
    expect(codeOf(await request('primary', 'identityVerified'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(codeOf(await request('primary', 'no such event!'))).toBe('INVALID_TRANSITION');
    expect(codeOf(await request('secondary', 'businessDetailsCreated'))).toBe('TRANSITION_NOT_ALLOWED');
    const taken = await request('primary', 'businessDetailsCreated');
    expect(taken.data?.requestTransition).toMatchObject({ status: '200', message: 'OK' });
    expect(((await row(h, A)).record.scoreboard as Record<string, unknown>).status).toBe('approvals');
    expect((await audit(h, A)).at(-1)).toMatchObject({ action: 'transition:primary.businessDetailsCreated', path: 'scoreboard.status', from_status: 'businessDetails', to_status: 'approvals' });
    // The same event again: no status flow takes it in approvals.
    expect(codeOf(await request('primary', 'businessDetailsCreated'))).toBe('INVALID_TRANSITION');
  });

  it('walks the secondary officer through the ID check', async () => {
    expect((await setProperty(h, 'secondary', A, 'statusSecondary', 'approvals')).data?.createOrUpdateProperty).toMatchObject({ message: 'unchanged' });
    const id = { firstName: 'Sam', lastName: 'Second', dob: '03/04/1985', dateOfBirth: '1985-04-03', currentAddress: '1 George Street, Sydney NSW 2000', driversLicenceNumber: 'FFJ4170352', driversLicenceExpiry: '30/06/2030', driversLicenceState: 'VIC', driversCardNumber: 'FV518274', confirmed: 'yes' };
    expect(codeOf(await setProperty(h, 'secondary', A, 'secondaryApplicant.idScanResult', id))).toBe('ok');
    expect(codeOf(await setProperty(h, 'primary', A, 'secondaryApplicant.identityVerificationStatus', 'completed'))).toBe('TRANSITION_NOT_ALLOWED');
    expect(codeOf(await setProperty(h, 'secondary', A, 'secondaryApplicant.identityVerificationStatus', 'completed'))).toBe('GUARD_FAILED');
    await serverSets(h, A, 'scoreboard.secondaryApplicant.idScanData', { idScan: { journeyId: 'j-secondary', outcome: 'passed' } });
    expect(codeOf(await setProperty(h, 'secondary', A, 'secondaryApplicant.identityVerificationStatus', 'completed'))).toBe('ok');
    expect(codeOf(await setProperty(h, 'secondary', A, 'statusSecondary', 'reviewAndSignContract'))).toBe('ok');
    expect(codeOf(await setProperty(h, 'secondary', A, 'statusSecondary', 'finished'))).toBe('PROVIDER_OUTCOME');
    const s = (await row(h, A)).record.scoreboard as Record<string, unknown>;
    expect(s.statusSecondary).toBe('reviewAndSignContract');
  });

  it('completes wet-signature acceptance and moves the primary journey on', async () => {
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    await serverSets(h, A, 'scoreboard.docusignStatus', 'none');
    await serverSets(h, A, 'docusignStatus', 'none');
    await serverSets(h, A, 'scoreboard.wetSignature', { signType: 'wet' });
    const r = await h.gql('primary', 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message version } }', { id: A });
    expect(r.data?.updateDocusignStatus).toMatchObject({ status: '200' });
    const { record } = await row(h, A);
    expect(record.docusignStatus).toBe('completed');
    expect(record.scoreboard).toMatchObject({ docusignStatus: 'completed', status: 'businessDetails' });
    expect((await audit(h, A)).map((x) => x.action)).toEqual(['transition:quoteSigning.signingCompleted', 'transition:primary.quoteAccepted']);
  });

  it('answers OK when a repeated signing status still moves the journey on', async () => {
    // Signing completed earlier, but the journey was left in orderVerification: the repeat is 'unchanged' for the
    // signing status, yet the call moves the status to businessDetails, so its answer says it changed something.
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    const v = (await row(h, A)).version;
    const r = await h.gql('primary', 'mutation($id: ID!) { updateDocusignStatus(applicationId: $id, docusignStatus: "completed") { status message version } }', { id: A });
    expect(r.data?.updateDocusignStatus).toEqual({ status: '200', message: 'OK', version: v + 1 });
    expect(((await row(h, A)).record.scoreboard as Record<string, unknown>).status).toBe('businessDetails');
  });

  it('keeps the calculator customer primary and their shortlist on the application', async () => {
    const read = await h.gql('calculator', READ, {});
    expect(read.data?.getVehicleApplication).toMatchObject({ applicationId: B, roles: ['primary'] });
    const shortlist = [{ catalogVehicleId: 'CV-9', duration: 48, distance: 15000 }];
    const r = await h.gql('calculator', 'mutation($id: ID, $u: ID!, $s: JSON!) { updateShortlists(applicationId: $id, userId: $u, shortlists: $s) { success results { userProfile { shortlists } vehicleApplication { calculator { shortlists { catalogVehicleId } } } } } }', {
      id: B,
      u: FIXTURE.users.calculator.id,
      s: shortlist,
    });
    expect(r.data?.updateShortlists).toMatchObject({ success: true, results: { userProfile: { shortlists: shortlist }, vehicleApplication: { calculator: { shortlists: [{ catalogVehicleId: 'CV-9' }] } } } });
  });

  it('hands the application over on reassignQuote and invites the officer', async () => {
    // reassignQuote is the order-verification step's (more in reassign.test.ts).
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    const u = { firstName: 'Olive', lastName: 'Officer', email: 'Olive.Officer@fixture.test', phone: '0411222333' };
    const r = await h.gql('primary', 'mutation($u: UserInfoInput!) { reassignQuote(userInfo: $u) { status message } }', { u });
    expect(r.data?.reassignQuote).toMatchObject({ status: '200' });
    const officer = await h.database.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', 'olive.officer@fixture.test').executeTakeFirstOrThrow();
    expect(officer.password_hash).toBeNull();
    const after = await row(h, A);
    expect(after.primary).toBe(officer.id);
    expect((after.record.scoreboard as Record<string, unknown>).primaryApplicant).toMatchObject({ userId: officer.id, email: 'olive.officer@fixture.test', confirmed: 'no' });
    const mail = await h.database.db.selectFrom('outbox').select(['to_address', 'body_text']).where('to_address', '=', 'olive.officer@fixture.test').execute();
    expect(mail.length).toBe(1);
    expect(mail[0].body_text).toMatch(/reset-password\?hash=/);
    // The sender's access is gone.
    expect(codeOf(await h.gql('primary', READ, { id: A }))).toBe('FORBIDDEN');
    expect((await h.gql('primary', READ, {})).data?.getVehicleApplication).toBeNull();
  });

  it('lets the confirmed primary name Authorised Officer (2), who then reaches the application', async () => {
    const u = { firstName: 'Nina', lastName: 'Second', email: 'nina@fixture.test', phone: '0411222444' };
    const r = await h.gql('primary', 'mutation($u: UserInfoInput!) { selectSecondaryApplicant(applicantType: "secretary", userInfo: $u) { status secondaryApplicant { userId email applicantType } } }', { u });
    expect(r.data?.selectSecondaryApplicant).toMatchObject({ status: '200', secondaryApplicant: { email: 'nina@fixture.test', applicantType: 'secretary' } });
    const after = await row(h, A);
    expect(after.secondary).toBe((r.data?.selectSecondaryApplicant as { secondaryApplicant: { userId: string } }).secondaryApplicant.userId);
    // The previous secondary officer no longer reaches it.
    expect(codeOf(await h.gql('secondary', READ, { id: A }))).toBe('FORBIDDEN');
  });

  it('applies concurrent writes to different paths without losing either, and lets only one stale writer win', async () => {
    const v = (await row(h, A)).version;
    const [a, b] = await Promise.all([
      setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 111111),
      setProperty(h, 'primary', A, 'entityDetails.industry', 'Agriculture'),
    ]);
    expect([codeOf(a), codeOf(b)]).toEqual(['ok', 'ok']);
    const now = await row(h, A);
    expect(now.version).toBe(v + 2);
    expect(now.record.scoreboard).toMatchObject({ businessDetails: { annualRevenue: 111111 }, entityDetails: { industry: 'Agriculture' } });
    const [c, d] = await Promise.all([
      setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 1, v + 2),
      setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 2, v + 2),
    ]);
    expect([codeOf(c), codeOf(d)].sort()).toEqual(['STALE_VERSION', 'ok']);
    expect((await row(h, A)).version).toBe(v + 3);
  });
});

describe.each(DATABASES)('more journeys on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => h.reset());

  it('lets the quote recipient of a reassigned quote confirm as the primary officer', async () => {
    await serverSets(h, A, 'scoreboard.primaryApplicant', {});
    await serverSets(h, A, 'scoreboard.status', 'orderVerification');
    // Proceed: the same status again is accepted unchanged; then business details need the signed quote (stored completed).
    expect((await setProperty(h, 'primary', A, 'status', 'orderVerification')).data?.createOrUpdateProperty).toMatchObject({ status: '200' });
    expect(codeOf(await setProperty(h, 'primary', A, 'status', 'businessDetails'))).toBe('ok');
    const r = await h.gql('primary', 'mutation($u: UserInfoInput!) { selectPrimaryApplicant(isCurrentUserPrimary: true, vehicleApplicationStatus: "yes", userInfo: $u) { status primaryApplicant { userId email confirmed phone } } }', {
      u: { firstName: 'Pat', lastName: 'Primary', email: 'whatever@fixture.test', phone: ' ' },
    });
    expect(r.data?.selectPrimaryApplicant).toEqual({ status: '200', primaryApplicant: { userId: FIXTURE.users.primary.id, email: FIXTURE.users.primary.email, confirmed: 'yes', phone: '0400000000' } });
    expect(((await row(h, A)).record.scoreboard as Record<string, unknown>).primaryApplicant).toMatchObject({ userId: FIXTURE.users.primary.id, confirmed: 'yes', firstName: 'Pat' });
  });

  it('walks a calculator application from the shortlist into business details', async () => {
    await serverSets(h, B, 'scoreboard.status', 'viewShortlist');
    expect(codeOf(await setProperty(h, 'calculator', B, 'status', 'approvals'))).toBe('INVALID_TRANSITION');
    expect(codeOf(await setProperty(h, 'calculator', B, 'status', 'businessDetails'))).toBe('ok');
    expect(codeOf(await setProperty(h, 'calculator', B, 'status', 'canceled'))).toBe('PROVIDER_OUTCOME');
    expect((await audit(h, B)).map((r) => r.action)).toEqual(['transition:calculatorApplication.continue']);
  });

  it("does not show an officer's ID data to the other officer", async () => {
    await serverSets(h, A, 'scoreboard.primaryApplicant.idScanResult', { firstName: 'Pat', driversLicenceNumber: 'SECRET1' });
    await serverSets(h, A, 'scoreboard.secondaryApplicant.idScanData', { licenseNumber: 'SECRET2' });
    const q = 'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { primaryApplicant { firstName idScanResult { driversLicenceNumber } } secondaryApplicant { firstName idScanData } } } }';
    const asSecondary = (await h.gql('secondary', q, { id: A })).data?.getVehicleApplication;
    expect(asSecondary).toEqual({ scoreboard: { primaryApplicant: { firstName: 'Primary', idScanResult: null }, secondaryApplicant: { firstName: 'Secondary', idScanData: { licenseNumber: 'SECRET2' } } } });
    const asPrimary = (await h.gql('primary', q, { id: A })).data?.getVehicleApplication;
    expect(asPrimary).toEqual({ scoreboard: { primaryApplicant: { firstName: 'Primary', idScanResult: { driversLicenceNumber: 'SECRET1' } }, secondaryApplicant: { firstName: 'Secondary', idScanData: null } } });
  });
});
