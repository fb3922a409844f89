/**
 * Write requests the server decides (issue 9 items 1 and 2).
 * - Completion is a request: a client write of a completion flag (`financeDetails.completed`,
 *   `primaryApplicant.confirmed`) is accepted only when the step's sections are present and valid and its
 *   rules hold, else refused naming the section; a transition whose guard reads a flag checks the step again,
 *   so the guard never reads a flag whose sections changed since.
 * - Path writes resolve real schema properties only: every segment of a written path is an own property (or
 *   `items` / `additionalProperties` schema) of the record schema, never an inherited name such as
 *   `__proto__`; an array position is a position in a list, bounded by the schema's `maxItems` and by the
 *   list as stored, and never creates an object.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { BUSINESS_DETAILS, FIXTURE, FINANCE_COMPLETED } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer, type Who } from './harness';
import { codeOf, expectRefused, row, serverSets, setProperty, uploadedFiles } from './helpers';

const A = FIXTURE.apps.shared;
const B = FIXTURE.apps.calculator;
const AU = { brand: 'acme-au', region: 'au' };
const file = (n: number) => ({ fileName: `statement-${n}.pdf`, uuid: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, mimeType: 'application/pdf' });

describe.each(DATABASES)('write requests on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    // The statements the list-entry tests attach: uploads of this application to the financial statements slot.
    await uploadedFiles(h, A, FIXTURE.users.primary.id, [...Array.from({ length: 11 }, (_, i) => file(i)), file(42)]);
  });

  describe('completion flags', () => {
    /** A refusal naming `section` with its catalogue text; the application is exactly as before. */
    const incomplete = (appId: string, section: string, messageKey: string, call: () => Promise<Answer>) =>
      expectRefused(h, appId, call, { code: 'STEP_INCOMPLETE', extensions: { section, messageKey }, catalogue: AU });
    const fill = async (who: Who, appId: string) => {
      for (const [path, value] of BUSINESS_DETAILS) expect(codeOf(await setProperty(h, who, appId, path, value)), path).toBe('ok');
    };

    it('refuses finance details marked completed with no company, entity or cashflow, and the status stays', async () => {
      await serverSets(h, A, 'scoreboard.companyDetails', {});
      await serverSets(h, A, 'scoreboard.entityDetails', {});
      await incomplete(A, 'scoreboard.companyDetails', 'api.completion.company', () => setProperty(h, 'primary', A, 'businessDetails.financeDetails', { valueOfApplication: 500000, completed: 'yes' }));
      await incomplete(A, 'scoreboard.companyDetails', 'api.completion.company', () => setProperty(h, 'primary', A, 'primaryApplicant.confirmed', 'yes'));
      // The flag alone, as its own path, is the same request.
      await incomplete(A, 'scoreboard.companyDetails', 'api.completion.company', () => setProperty(h, 'primary', A, 'businessDetails.financeDetails.completed', 'yes'));
      expect(codeOf(await setProperty(h, 'primary', A, 'status', 'approvals'))).toBe('GUARD_FAILED');
      expect(((await row(h, A)).record.scoreboard as Record<string, unknown>).status).toBe('businessDetails');
      // The calculator journey declares the same step (its company is confirmed; its business details are not).
      await incomplete(B, 'scoreboard.businessDetails.entityDetails', 'api.completion.businessEntity', () => setProperty(h, 'calculator', B, 'businessDetails.financeDetails', { ...FINANCE_COMPLETED }));
    });

    it('names the first section the step still needs, then completes it and moves on', async () => {
      const complete = () => setProperty(h, 'primary', A, 'businessDetails.financeDetails', FINANCE_COMPLETED);
      // The company and the officer are confirmed in the fixture; the business details screen's sections are not done.
      await incomplete(A, 'scoreboard.businessDetails.entityDetails', 'api.completion.businessEntity', complete);
      const entity = BUSINESS_DETAILS[0][1] as Record<string, unknown>;
      // Rule: a trading address unless it is the legal address.
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.entityDetails', { ...entity, tradingAddressSame: false }))).toBe('ok');
      await incomplete(A, 'scoreboard.businessDetails.annualRevenue', 'api.completion.cashflow', complete);
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.annualRevenue', 250000))).toBe('ok');
      await incomplete(A, 'scoreboard.businessDetails.financeDetails', 'api.completion.finance', () => setProperty(h, 'primary', A, 'businessDetails.financeDetails', { valueOfApplication: 500000, completed: 'yes' }));
      await incomplete(A, 'scoreboard.businessDetails.entityDetails', 'api.completion.businessEntity', complete);
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.entityDetails.tradingAddressSame', true))).toBe('ok');
      // Rule: Authorised Officer (2) named when the business has more than one.
      await serverSets(h, A, 'scoreboard.secondaryApplicant', { firstName: 'Sam' });
      await incomplete(A, 'scoreboard.secondaryApplicant', 'api.completion.secondaryApplicant', complete);
      await serverSets(h, A, 'scoreboard.secondaryApplicant', { userId: FIXTURE.users.secondary.id, firstName: 'Sam' });
      expect((await complete()).data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'OK' });
      expect(codeOf(await setProperty(h, 'primary', A, 'status', 'approvals'))).toBe('ok');
    });

    it('checks the step again when a transition reads its flag: a section emptied after completion blocks the move', async () => {
      await fill('primary', A);
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails', FINANCE_COMPLETED))).toBe('ok');
      // Later writes of the sections are still accepted (the screens save them one by one) ...
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.entityDetails', { companyLegalName: 'Fixture Pty Ltd' }))).toBe('ok');
      // ... but the flag they leave behind no longer moves the status.
      await incomplete(A, 'scoreboard.businessDetails.entityDetails', 'api.completion.businessEntity', () => setProperty(h, 'primary', A, 'status', 'approvals'));
      await serverSets(h, A, 'scoreboard.businessDetails.entityDetails', BUSINESS_DETAILS[0][1]);
      await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'no');
      expect(codeOf(await setProperty(h, 'primary', A, 'status', 'approvals'))).toBe('GUARD_FAILED');
    });

    it('treats confirming the officer through selectPrimaryApplicant as the same request', async () => {
      await serverSets(h, A, 'scoreboard.primaryApplicant', {});
      await serverSets(h, A, 'scoreboard.entityDetails', { entityName: 'Fixture Pty Ltd' });
      const select = (answer: string) =>
        h.gql('primary', 'mutation($u: UserInfoInput!, $a: String) { selectPrimaryApplicant(isCurrentUserPrimary: true, vehicleApplicationStatus: $a, userInfo: $u) { status primaryApplicant { confirmed } } }', {
          u: { firstName: 'Pat', lastName: 'Primary', email: 'ignored@fixture.test', phone: ' ' },
          a: answer,
        });
      await incomplete(A, 'scoreboard.entityDetails', 'api.completion.company', () => select('yes'));
      // Answering 'no' completes nothing: accepted as it was.
      expect((await select('no')).data?.selectPrimaryApplicant).toMatchObject({ status: '200', primaryApplicant: { confirmed: 'no' } });
      for (const [path, value] of [['entityDetails.industry', 'Construction'], ['entityDetails.subDivision', 'Building'], ['entityDetails.subGroup', 'House construction']]) {
        expect(codeOf(await setProperty(h, 'primary', A, path, value))).toBe('ok');
      }
      expect((await select('yes')).data?.selectPrimaryApplicant).toMatchObject({ status: '200', primaryApplicant: { confirmed: 'yes' } });
    });

    it('keeps saving without completing (Save & Close) and un-completing possible', async () => {
      await serverSets(h, A, 'scoreboard.companyDetails', {});
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails', { valueOfApplication: 500000 }))).toBe('ok');
      expect(codeOf(await setProperty(h, 'primary', A, 'businessDetails.financeDetails.completed', ''))).toBe('ok');
      expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.confirmed', 'no'))).toBe('ok');
    });
  });

  describe('path writes', () => {
    /** createOrUpdateProperty with its params as given (propertyThird may carry dots, as the spec's client can send). */
    const write = (params: Record<string, unknown>) =>
      h.gql('primary', 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }', { id: A, p: params });

    const refusedUnchanged = (call: () => Promise<Answer>, code: string, reason: RegExp) => expectRefused(h, A, call, { code, reason });

    it('refuses inherited names under a writable wildcard, naming the path', async () => {
      for (const [first, second, third] of [
        ['companyDetails', '__proto__', undefined],
        ['companyDetails', 'constructor', undefined],
        ['entityDetails', 'hasOwnProperty', undefined],
        ['businessDetails', 'toString', undefined],
        ['businessDetails', 'financeDetails', '__proto__'],
        ['businessDetails', 'entityDetails', 'valueOf'],
      ]) {
        const path = ['scoreboard', first, second, third].filter(Boolean).join('.');
        const answer = await refusedUnchanged(() => write({ value: { polluted: true }, propertyFirst: first, propertySecond: second, propertyThird: third }), 'INVALID_PATH', new RegExp(`'${path.replace(/\./g, '\\.')}'`));
        expect(answer.errors?.[0].extensions?.path).toBe(path);
      }
      // A string value too (an empty schema would have taken anything).
      await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'companyDetails', propertySecond: '__proto__' }), 'INVALID_PATH', /not a field/);
    });

    it('writes an array position as a list entry, not as an object key', async () => {
      const first = await write({ value: file(0), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.0' });
      expect(codeOf(first)).toBe('ok');
      const stored = () => row(h, A).then((r) => (r.record.scoreboard as { businessDetails: { financeDetails: { fileUrls: unknown } } }).businessDetails.financeDetails.fileUrls);
      expect(await stored()).toEqual([file(0)]);
      expect(codeOf(await write({ value: file(1), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.1' }))).toBe('ok');
      // Replacing an entry keeps the list a list.
      expect(codeOf(await write({ value: file(9), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.0' }))).toBe('ok');
      expect(await stored()).toEqual([file(9), file(1)]);
      const read = await h.gql('primary', 'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { businessDetails { financeDetails { fileUrls { uuid fileName } } } } } }', { id: A });
      expect(read.errors).toBeUndefined();
      expect(read.data?.getVehicleApplication).toEqual({ scoreboard: { businessDetails: { financeDetails: { fileUrls: [file(9), file(1)].map(({ uuid, fileName }) => ({ uuid, fileName })) } } } });
    });

    it('refuses positions past the end of the list, past maxItems, and non-canonical ones', async () => {
      await refusedUnchanged(() => write({ value: file(3), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.3' }), 'INVALID_PATH', /fileUrls\.3/);
      await refusedUnchanged(() => write({ value: file(0), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.00' }), 'INVALID_PATH', /fileUrls\.00/);
      await serverSets(h, A, 'scoreboard.businessDetails', { financeDetails: { fileUrls: Array.from({ length: 10 }, (_, i) => file(i)) } });
      // maxItems 10: positions 0-9 exist; 10 would be the eleventh file.
      expect(codeOf(await write({ value: file(42), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.9' }))).toBe('ok');
      await refusedUnchanged(() => write({ value: file(10), propertyFirst: 'businessDetails', propertySecond: 'financeDetails', propertyThird: 'fileUrls.10' }), 'INVALID_PATH', /at most 10/);
      // A position under something that is not a list.
      await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'businessDetails', propertySecond: 'entityDetails', propertyThird: '0' }), 'INVALID_PATH', /not a field/);
    });

    it('refuses a segment under a schema that declares no members', async () => {
      await serverSets(h, A, 'scoreboard.status', 'approvals');
      // idScanData.fileUrls is declared as [array, object] with no items or properties (and saveDrivingLicense alone writes it).
      await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'fileUrls.0' }), 'FORBIDDEN_PATH', /fileUrls\.0/);
      await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'primaryApplicant', propertySecond: 'idScanResult', propertyThird: '__proto__' }), 'INVALID_PATH', /__proto__/);
    });
  });
});
