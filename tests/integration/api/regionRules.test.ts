/**
 * Region rules hold on the server, and refusals speak the catalogue: phones stored on the application
 * (officers' mobiles, the company contact number) are AU exactly 10 characters and NZ 9 to 12 (spec 000
 * s5, 001 s4) through the region layers' scoreboard patch; every refusal a user may see carries the
 * catalogue text of its code (messages/api.yaml) and the developer's reason beside it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../../server/auth';
import { CATALOGUED_CODES, messageKeyOf } from '../../../server/graphql/apiErrors';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer } from './harness';
import { codeOf, row, setProperty } from './helpers';

const A = FIXTURE.apps.shared;
const NZ_APP = 'eeeeeeee-0000-4000-8000-00000000000e';
const NZ_USER = '00000000-0000-4000-8000-000000000005';
const AU = { brand: 'acme-au', region: 'au' };
const NZ = { brand: 'kiwi-nz', region: 'nz' };

describe.each(DATABASES)('region rules and refusal texts on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  let nzCookie = '';
  const text = (key: string, selection = AU) => h.definitions.message(key, selection);

  /** createOrUpdateProperty on the NZ application as its officer (Host selects the NZ brand). */
  async function nzSet(path: string, value: unknown): Promise<Answer> {
    const [propertyFirst, propertySecond, propertyThird] = path.split('.');
    const res = await h.app.fetch('http://nz.localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', host: 'nz.localhost', cookie: `ff_session=${nzCookie}` },
      body: JSON.stringify({
        query: 'mutation($id: ID!, $p: PropertyParams!) { createOrUpdateProperty(applicationId: $id, params: $p) { status version } }',
        variables: { id: NZ_APP, p: { value, propertyFirst, propertySecond, propertyThird } },
      }),
    });
    return { status: res.status, ...((await res.json()) as Omit<Answer, 'status'>) };
  }

  beforeAll(async () => {
    await h.database.db
      .insertInto('users')
      .values({ id: NZ_USER, email: 'kiwi@fixture.test', first_name: 'Kiri', last_name: 'Tester', phone: '0211234567', password_hash: null, brand_id: 'kiwi-nz', region: 'NZ' })
      .execute();
    const applicant = { userId: NZ_USER, firstName: 'Kiri', lastName: 'Tester', email: 'kiwi@fixture.test', phone: '0211234567', confirmed: 'yes' };
    await h.database.db
      .insertInto('applications')
      .values({
        id: NZ_APP, application_type: 'vehicle', application_status: 'draft', brand_id: 'kiwi-nz', region: 'NZ', definition_version: 'fixture', primary_user_id: NZ_USER, secondary_user_id: null,
        record: { applicationId: NZ_APP, scoreboard: { status: 'businessDetails', docusignStatus: 'completed', currentUser: { region: 'NZ' }, primaryApplicant: applicant } },
      })
      .execute();
    nzCookie = await createSession(h.database.db, NZ_USER, 'kiwi-nz');
  }, 120_000);

  it('AU: officer mobiles and the company contact number must be exactly 10 characters', async () => {
    for (const path of ['primaryApplicant.phone', 'secondaryApplicant.phone', 'businessDetails.entityDetails.businessContactNumber']) {
      for (const bad of ['041234567', '04123456789', '041234567890']) {
        const answer = await setProperty(h, 'primary', A, path, bad);
        expect(codeOf(answer), `${path} = ${bad}`).toBe('INVALID_VALUE');
        expect(answer.errors?.[0].message).toBe(text('api.error.INVALID_VALUE'));
        expect(answer.errors?.[0].extensions?.fields).toEqual({ [`scoreboard.${path}`]: text('validation.exactLength').replace('{n}', '10') });
      }
      expect(codeOf(await setProperty(h, 'primary', A, path, '0412345678')), path).toBe('ok');
    }
    expect((await row(h, A)).record).toMatchObject({ scoreboard: { primaryApplicant: { phone: '0412345678' }, businessDetails: { entityDetails: { businessContactNumber: '0412345678' } } } });
  });

  it('AU: inviting an officer checks the mobile by the same rule', async () => {
    const invite = (phone: string) =>
      h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicantType: "director", userInfo: $u, applicationId: $id) { status } }', {
        id: A,
        u: { firstName: 'Dana', lastName: 'Director', email: 'dana.director@fixture.test', phone },
      });
    const refused = await invite('041234567');
    expect(codeOf(refused)).toBe('INVALID_VALUE');
    expect(Object.keys(refused.errors?.[0].extensions?.fields as object)).toEqual(['scoreboard.secondaryApplicant.phone']);
  });

  it('NZ: the same fields accept 9 to 12 characters and refuse 8 or 13', async () => {
    for (const path of ['primaryApplicant.phone', 'businessDetails.entityDetails.businessContactNumber']) {
      for (const good of ['021234567', '0212345678', '021234567890']) expect(codeOf(await nzSet(path, good)), `${path} = ${good}`).toBe('ok');
      for (const bad of ['02123456', '0212345678901']) {
        const answer = await nzSet(path, bad);
        expect(codeOf(answer), `${path} = ${bad}`).toBe('INVALID_VALUE');
        expect(answer.errors?.[0].message).toBe(text('api.error.INVALID_VALUE', NZ));
      }
    }
  });

  it('refusals carry the catalogue text of their code and the reason beside it', async () => {
    const read = 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }';
    const cases: [Answer, string, string][] = [
      [await h.gql('anonymous', read, { id: A }), 'UNAUTHENTICATED', 'api.error.UNAUTHENTICATED'],
      [await h.gql('other', read, { id: A }), 'FORBIDDEN', 'api.error.FORBIDDEN'],
      [await setProperty(h, 'secondary', A, 'status', 'approvals'), 'TRANSITION_NOT_ALLOWED', 'api.error.TRANSITION_NOT_ALLOWED'],
      [await h.gql('primary', 'mutation($u: ID!) { getFileByUUID(uuid: $u) { signedUrl } }', { u: '00000000-0000-4000-8000-000000000999' }), 'NOT_FOUND', 'api.error.file.NOT_FOUND'],
      [await h.gql('anonymous', 'mutation { getSignedUrl(file: { fileName: "a.pdf", mimeType: "application/pdf" }) { signedUrl } }'), 'UNAUTHENTICATED', 'api.error.UNAUTHENTICATED'],
    ];
    for (const [answer, code, key] of cases) {
      const error = answer.errors?.[0];
      expect(error?.extensions?.code).toBe(code);
      expect(error?.extensions?.messageKey).toBe(key);
      expect(error?.message).toBe(text(key));
      expect(error?.message).not.toBe(key);
      expect(typeof error?.extensions?.reason).toBe('string');
    }
  });

  it('the base layer has a text for every catalogued code', () => {
    const messages = h.definitions.layers(AU).messages;
    for (const code of CATALOGUED_CODES) expect(typeof messages[messageKeyOf(code)], code).toBe('string');
    expect(typeof messages['api.error.noApplication']).toBe('string');
  });
});
