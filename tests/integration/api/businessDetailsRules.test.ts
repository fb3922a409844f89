/**
 * The business details step's rules as the server enforces them (spec 001 s4, s5, s8, s9; issue 13 item 6), over
 * HTTP against the real server: crafted createOrUpdateProperty writes that skip a section or break a rule of the
 * finance completion (fragments/applicationSteps.yaml) are refused with the rule's message; a complete one moves
 * the application to approvals; fleet size and employees beyond 3 and 4 digits are refused (schemas/scoreboard.json).
 * Also: statements must be this application's uploads (server/files/attachments.ts),
 * the confirmed company's fields lock (a writable entry's lockedWhen), and Authorised Officer (2) is named only by
 * the confirmed officer of a business with more than one. The rule table (tests/rules/businessDetails.yaml) names
 * these tests.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS, FIXTURE, FINANCE_COMPLETED } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer } from './harness';
import { codeOf, expectRefused, row, serverSets, setProperty, uploadedFiles, type FileRef } from './helpers';
import { MINIMAL_PDF } from '../../unit/files/sampleFiles';

const A = FIXTURE.apps.shared;
const AU = { brand: 'acme-au', region: 'au' };
const FINANCIALS = 'scoreboard.businessDetails.financeDetails.fileUrls';
const PDF = Buffer.from(MINIMAL_PDF).toString('base64');
type Finance = Record<string, unknown>;
const statement = (n: number): FileRef => ({ uuid: `00000000-0000-4000-8000-0000000002${String(n).padStart(2, '0')}`, fileName: `statements-${n}.pdf`, mimeType: 'application/pdf' });

describe.each(DATABASES)('business details rules on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    // The sections before finance details are done (entity details, cashflow); the officer is confirmed (fixture).
    await serverSets(h, A, 'scoreboard.businessDetails', Object.fromEntries(BUSINESS_DETAILS.map(([path, value]) => [path.split('.')[1], value])));
  });

  const status = async () => ((await row(h, A)).record.scoreboard as Record<string, unknown>).status;
  const finance = (over: Finance = {}): Finance => ({ ...FINANCE_COMPLETED, ...over });
  const saveFinance = (value: Finance) => setProperty(h, 'primary', A, 'businessDetails.financeDetails', value);

  /** Refused naming `messageKey` (its catalogue text is the error's message); nothing stored, nothing audited. */
  const refused = (call: () => Promise<Answer>, code: string, messageKey: string) => expectRefused(h, A, call, { code, extensions: { messageKey }, catalogue: AU });
  const refusedFinance = (value: Finance, messageKey: string) => refused(() => saveFinance(value), 'STEP_INCOMPLETE', messageKey);

  /** Saved with completed 'yes', then the status request moves the application to approvals. */
  async function completes(value: Finance) {
    expect(codeOf(await saveFinance(value))).toBe('ok');
    expect(codeOf(await setProperty(h, 'primary', A, 'status', 'approvals'))).toBe('ok');
    expect(await status()).toBe('approvals');
  }

  describe('completion of finance details', () => {
    it('completes finance details with uploaded statements above the auto-approval limit and moves to approvals', async () => {
      // A real upload of this application to the financial statements slot (getSignedUrl's inline twin, saveFile).
      const up = await h.gql('primary', 'mutation($f: FileInput!) { saveFile(file: $f) { uuid fileName mimeType } }', { f: { fileName: 'statements.pdf', mimeType: 'application/pdf', applicationId: A, slot: FINANCIALS, content: PDF } });
      expect(up.errors).toBeUndefined();
      const file = up.data?.saveFile as FileRef;
      await completes(finance({ valueOfApplication: 200000, fileUrls: [file] }));
      const read = await h.gql('primary', 'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { status businessDetails { financeDetails { completed valueOfApplication fileUrls { uuid } } } } } }', { id: A });
      expect(read.data?.getVehicleApplication).toEqual({ scoreboard: { status: 'approvals', businessDetails: { financeDetails: { completed: 'yes', valueOfApplication: 200000, fileUrls: [{ uuid: file.uuid }] } } } });
    });

    it('refuses finance completion that skips the cashflow section', async () => {
      await serverSets(h, A, 'scoreboard.businessDetails', { entityDetails: BUSINESS_DETAILS[0][1] });
      await refusedFinance(finance(), 'api.completion.cashflow');
    });

    it('refuses finance completion that skips the entity details section', async () => {
      await serverSets(h, A, 'scoreboard.businessDetails', { annualRevenue: 250000 });
      await refusedFinance(finance(), 'api.completion.businessEntity');
    });

    it('refuses finance completion without fleet size, employees or the planning-to-lease answer', async () => {
      for (const missing of ['currentFleetSize', 'numberOfEmployees', 'purchaseMoreVehicles']) {
        await refusedFinance(Object.fromEntries(Object.entries(finance()).filter(([k]) => k !== missing)), 'api.completion.finance');
      }
    });

    it('refuses finance details with a fleet size over 3 digits or employees over 4, and takes 3 and 4', async () => {
      const cases: [string, unknown][] = [['currentFleetSize', '1000'], ['currentFleetSize', 1000], ['numberOfEmployees', '10000'], ['numberOfEmployees', '1x']];
      for (const [field, bad] of cases) {
        const answer = await refused(() => saveFinance(finance({ [field]: bad })), 'INVALID_VALUE', 'api.error.INVALID_VALUE');
        expect(Object.keys(answer.errors?.[0].extensions?.fields as object), `${field} = ${JSON.stringify(bad)}`).toEqual([`scoreboard.businessDetails.financeDetails.${field}`]);
      }
      // Empty is missing (at least 1 digit): the section is not complete.
      await refusedFinance(finance({ currentFleetSize: '' }), 'api.completion.finance');
      await completes(finance({ currentFleetSize: '999', numberOfEmployees: '9999' }));
    });

    it('refuses a status request to approvals before finance details are complete', async () => {
      await refused(() => setProperty(h, 'primary', A, 'status', 'approvals'), 'GUARD_FAILED', 'api.error.GUARD_FAILED');
    });

    it('refuses finance completion with a vehicle count below 1 when leasing more', async () => {
      await refusedFinance(finance({ purchaseMoreVehicles: 'yes', howManyVehicles: '0' }), 'api.completion.vehicles');
      const { howManyVehicles: _, ...rest } = finance({ purchaseMoreVehicles: 'yes' });
      await refusedFinance(rest, 'api.completion.vehicles');
    });

    it('completes finance details without a vehicle count when not leasing more', async () => {
      await completes(finance({ purchaseMoreVehicles: 'no', howManyVehicles: '0' }));
    });

    it('refuses finance completion without a credit limit', async () => {
      const { valueOfApplication: _, ...rest } = finance();
      await refusedFinance(rest, 'api.completion.creditLimit');
    });

    it('refuses finance completion with a credit limit above the maximum', async () => {
      await uploadedFiles(h, A, FIXTURE.users.primary.id, [statement(1)]);
      await refusedFinance(finance({ valueOfApplication: 510000, fileUrls: [statement(1)] }), 'api.completion.creditLimitMax');
    });

    it('completes finance details with the credit limit at the maximum', async () => {
      await uploadedFiles(h, A, FIXTURE.users.primary.id, [statement(1)]);
      await completes(finance({ valueOfApplication: 500000, fileUrls: [statement(1)] }));
    });

    it('refuses finance completion with a credit limit below the static minimum', async () => {
      await refusedFinance(finance({ valueOfApplication: 999 }), 'api.completion.creditLimitMin');
    });

    it('refuses finance completion with a credit limit below the lease-value minimum', async () => {
      // Fiscal value 100000: minimum 100000 - 10% of (500000 - 100000) = 60000 (001 s9).
      await serverSets(h, A, 'scoreboard.leaseDetails', { fiscalValue: 100000 });
      await refusedFinance(finance({ valueOfApplication: 59999 }), 'api.completion.creditLimitMin');
      await completes(finance({ valueOfApplication: 60000 }));
    });

    it('refuses finance completion with a credit limit below the drive-away price', async () => {
      // Drive-away 130000 (no fiscal value): the formula gives 93000, the floor is the drive-away price (001 s4).
      await serverSets(h, A, 'scoreboard.leaseDetails', { driveAwayPrice: 130000 });
      await refusedFinance(finance({ valueOfApplication: 120000 }), 'api.completion.creditLimitMin');
      await completes(finance({ valueOfApplication: 130000 }));
    });

    it('refuses finance completion without a guarantee answer for a company', async () => {
      await refusedFinance(finance({ personalGuarantee: '' }), 'api.completion.guarantee');
      const { personalGuarantee: _, ...rest } = finance();
      await refusedFinance(rest, 'api.completion.guarantee');
    });

    it('completes finance details without a guarantee answer for a sole trader', async () => {
      await serverSets(h, A, 'scoreboard.entityDetails.entityType', 'IND');
      const { personalGuarantee: _, ...rest } = finance();
      await completes(rest);
    });

    it('refuses finance completion with no guarantee not yet confirmed', async () => {
      await refusedFinance(finance({ personalGuarantee: 'no' }), 'api.completion.noGuarantee');
      await refusedFinance(finance({ personalGuarantee: 'no', noGuaranteeApproved: false }), 'api.completion.noGuarantee');
    });

    it('completes finance details with no guarantee once confirmed', async () => {
      await completes(finance({ personalGuarantee: 'no', noGuaranteeApproved: true }));
    });

    it('refuses finance completion above the auto-approval limit without statements', async () => {
      await refusedFinance(finance({ valueOfApplication: 160000 }), 'api.completion.statements');
      await refusedFinance(finance({ valueOfApplication: 160000, fileUrls: [] }), 'api.completion.statements');
      // No guarantee, not confirmed: the guarantee rule speaks first; a sole trader's 'no' is no exemption.
      await serverSets(h, A, 'scoreboard.entityDetails.entityType', 'IND');
      await refusedFinance(finance({ valueOfApplication: 160000, personalGuarantee: 'no' }), 'api.completion.statements');
    });

    it('completes finance details at the auto-approval limit without statements', async () => {
      await completes(finance({ valueOfApplication: 150000 }));
    });

    it('completes finance details above the auto-approval limit without statements when no guarantee is approved', async () => {
      await completes(finance({ valueOfApplication: 160000, personalGuarantee: 'no', noGuaranteeApproved: true }));
    });

    it('re-checks the rules when the status request comes after a change', async () => {
      expect(codeOf(await saveFinance(finance()))).toBe('ok');
      // The limit raised afterwards, without statements: the flag stays, the status request is refused.
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails.valueOfApplication', 300000))).toBe('ok');
      await refused(() => setProperty(h, 'primary', A, 'status', 'approvals'), 'STEP_INCOMPLETE', 'api.completion.statements');
    });
  });

  describe('financial statements are uploads of this application', () => {
    it('refuses statements that are not uploads of this application', async () => {
      const other = { uuid: FIXTURE.files.other, fileName: 'd.pdf', mimeType: 'application/pdf' };
      const unknown = statement(90);
      const licence = statement(91);
      await uploadedFiles(h, A, FIXTURE.users.primary.id, [licence], 'scoreboard.primaryApplicant.idScanData.fileUrls');
      const pending = statement(92);
      await uploadedFiles(h, A, FIXTURE.users.primary.id, [pending]);
      await h.database.db.updateTable('files').set({ status: 'pending' }).where('id', '=', pending.uuid).execute();
      for (const file of [other, unknown, licence, pending]) {
        // In the finance section, as one list entry, and as the list.
        await refused(() => saveFinance(finance({ valueOfApplication: 200000, fileUrls: [file] })), 'INVALID_VALUE', 'api.error.attachment');
        await refused(() => setProperty(h, 'primary', A, 'businessDetails.financeDetails.fileUrls', [file]), 'INVALID_VALUE', 'api.error.attachment');
      }
      await serverSets(h, A, 'scoreboard.businessDetails.financeDetails', { fileUrls: [] });
      await refused(() => setProperty(h, 'primary', A, 'businessDetails.financeDetails', { fileUrls: [unknown] }), 'INVALID_VALUE', 'api.error.attachment');
    });

    it('accepts statements uploaded for this application, and keeps those already attached', async () => {
      const mine = statement(1);
      await uploadedFiles(h, A, FIXTURE.users.primary.id, [mine]);
      // The fixture's file of this application named no slot: it may be attached too.
      const unslotted = { uuid: FIXTURE.files.shared, fileName: 'a.pdf', mimeType: 'application/pdf' };
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails.fileUrls', [mine, unslotted]))).toBe('ok');
      // A reference stored before (checked then) is not checked again when the section is saved.
      await serverSets(h, A, 'scoreboard.businessDetails.financeDetails.fileUrls', [statement(80)]);
      expect(codeOf(await saveFinance(finance({ valueOfApplication: 200000, fileUrls: [statement(80)] })))).toBe('ok');
    });
  });

  describe('confirmed company', () => {
    const confirm = async () => {
      expect(codeOf(await setProperty(h, 'primary', A, 'companyDetails', { companyName: 'Fixture Pty Ltd', companyLegalName: 'Fixture Pty Ltd', abn: '51824753556' }))).toBe('ok');
      expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'))).toBe('ok');
    };

    it('locks the company and industry fields once the company is confirmed', async () => {
      // Before: the industry may change.
      expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.subGroup', 'Other construction'))).toBe('ok');
      await setProperty(h, 'primary', A, 'entityDetails.subGroup', 'House construction');
      await confirm();
      for (const [path, value] of [
        ['entityDetails.industry', 'Mining'],
        ['entityDetails.subDivision', 'Coal'],
        ['entityDetails.subGroup', 'Other'],
        ['entityDetails.entityName', 'Other Pty Ltd'],
        ['entityDetails.abn', '11111111111'],
        ['entityDetails.nzbn', '9429000000000'],
        ['entityDetails.entityType', 'PUB'],
        ['entityDetails.confirmed', 'no'],
        ['companyDetails.companyName', 'Other Pty Ltd'],
        ['companyDetails.companyLegalName', 'Other Pty Ltd'],
        ['companyDetails.abn', '11111111111'],
        ['companyDetails.nzbn', '9429000000000'],
      ] as const) {
        await refused(() => setProperty(h, 'primary', A, path, value), 'FORBIDDEN_PATH', 'api.error.locked');
      }
      // The whole section, changed or replaced.
      await refused(() => setProperty(h, 'primary', A, 'entityDetails', { entityName: 'Fixture Pty Ltd', industry: 'Mining' }), 'FORBIDDEN_PATH', 'api.error.locked');
      // The same values again (a retried Confirm) change nothing; the second-officer answer stays open.
      const same = await setProperty(h, 'primary', A, 'entityDetails.industry', 'Construction');
      expect(same.data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'unchanged' });
      expect(codeOf(await setProperty(h, 'primary', A, 'companyDetails.confirmed', 'yes'))).toBe('ok');
      expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.hasSecondaryApplicant', 'yes'))).toBe('ok');
    });
  });

  describe('Authorised Officer (2)', () => {
    const second = { firstName: 'Nina', lastName: 'Second', email: 'nina.second@rules.test', phone: '0412345678' };
    const name = () => h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicationId: $id, applicantType: "director", userInfo: $u) { status secondaryApplicant { userId applicantType } } }', { id: A, u: second });

    it('offers selectSecondaryApplicant only to the confirmed officer when the business has more than one', async () => {
      const users = async () => (await h.database.db.selectFrom('users').select('id').where('email', '=', second.email).execute()).length;
      // One Authorised Officer: refused, no account created.
      await serverSets(h, A, 'scoreboard.entityDetails.hasSecondaryApplicant', 'no');
      await refused(name, 'FORBIDDEN_PATH', 'api.error.secondaryNotOffered');
      // More than one, but the officer not confirmed.
      await serverSets(h, A, 'scoreboard.entityDetails.hasSecondaryApplicant', 'yes');
      await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'no');
      await refused(name, 'FORBIDDEN_PATH', 'api.error.secondaryNotOffered');
      expect(await users()).toBe(0);
      // Confirmed, more than one: named.
      await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
      expect((await name()).data?.selectSecondaryApplicant).toMatchObject({ status: '200', secondaryApplicant: { applicantType: 'director' } });
    });
  });
});
