/**
 * Path writes resolve real schema properties only (issue 9 item 2): every segment of a written path is an
 * own property (or `items` / `additionalProperties` schema) of the record schema, never an inherited name
 * such as `__proto__`; an array position is a position in a list, bounded by the schema's `maxItems` and
 * by the list as stored, and never creates an object.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, type Answer, type Harness } from './harness';
import { audit, codeOf, row, serverSets } from './helpers';

const A = FIXTURE.apps.shared;
const file = (n: number) => ({ fileName: `statement-${n}.pdf`, uuid: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`, mimeType: 'application/pdf' });

describe.each(DATABASES)('path writes on %s', (kind) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(kind);
  }, 120_000);
  afterAll(async () => h?.close());
  beforeEach(async () => h.reset());

  /** createOrUpdateProperty with its params as given (propertyThird may carry dots, as the spec's client can send). */
  const write = (params: Record<string, unknown>) =>
    h.gql('primary', 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status message version } }', { id: A, p: params });

  async function refusedUnchanged(call: () => Promise<Answer>, code: string, reason: RegExp) {
    const before = await row(h, A);
    const audits = (await audit(h, A)).length;
    const answer = await call();
    expect(codeOf(answer)).toBe(code);
    expect(answer.errors?.[0].extensions?.reason).toMatch(reason);
    expect(await row(h, A)).toEqual(before);
    expect((await audit(h, A)).length).toBe(audits);
    return answer;
  }

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
    // idScanData.fileUrls is declared as [array, object] with no items or properties.
    await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'fileUrls.0' }), 'INVALID_PATH', /fileUrls\.0/);
    await refusedUnchanged(() => write({ value: 'x', propertyFirst: 'primaryApplicant', propertySecond: 'idScanData', propertyThird: 'idScan.__proto__' }), 'INVALID_PATH', /__proto__/);
  });
});
