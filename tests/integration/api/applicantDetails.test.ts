/**
 * Applicant details on the server (spec 001 s4, s5; 002 s4): what the screen asks is what the server decides.
 * - Saving the entity of a type the region does not accept (settings.eligibleEntityTypes) answers NOT_ALLOWED
 *   and keeps it; asking to confirm that company (entityDetails.confirmed 'yes') is refused with the NOT_ALLOWED
 *   text, as is a confirmation that skips the lookup's number or an industry field (the step's `completion`).
 * - An NZ entity with a legal name and no NZBN (a sole trader) is confirmed without a number.
 * - selectPrimaryApplicant with a nominee hands the application over: the nominator's access ends, the
 *   nominee is invited; selectSecondaryApplicant is the primary officer's alone.
 * - Either officer's names (2 to 40), e-mail (2 to 55), mobile (AU exactly 10) and the second's role are checked
 *   before any account is made (001 s5; the region's scoreboard schema, and for Authorised Officer (2) the form's
 *   own schema, schemas/secondaryOfficer.json with the region's layer: AU a role of the form's choice, elsewhere
 *   free text; no role gets the required-field text).
 */
import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness, type Answer, type Harness } from './harness';
import { audit, codeOf, expectRefused, row, serverSets, setProperty } from './helpers';

const A = FIXTURE.apps.shared;
const AU = { brand: 'acme-au', region: 'au' };
const ENTITY = { entityName: 'Fixture Pty Ltd', entityType: 'PRV', industry: 'Construction', subDivision: 'Building', subGroup: 'House construction' };
const scoreboard = async (h: Harness) => (await row(h, A)).record.scoreboard as Record<string, Record<string, unknown>>;

describe.each(DATABASES)('applicant details on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  beforeEach(async () => {
    await h.reset();
    // Applicant details not started: the company is being looked up.
    await serverSets(h, A, 'scoreboard.companyDetails', { companyName: 'Fixture Pty Ltd', companyLegalName: 'Fixture Pty Ltd', abn: '51824753556' });
    await serverSets(h, A, 'scoreboard.entityDetails', {});
  });

  /** Refused naming `section` with the catalogue's text; nothing stored, nothing audited. */
  const refused = (section: string, messageKey: string, call: () => Promise<Answer>, selection = AU) =>
    expectRefused(h, A, call, { code: 'STEP_INCOMPLETE', extensions: { section, messageKey }, catalogue: selection });

  it("answers NOT_ALLOWED for an entity type outside the region's list, keeps it, and refuses to confirm it", async () => {
    const eligible = h.definitions.layers(AU).settings.eligibleEntityTypes as string[];
    expect(eligible).toEqual(['IND', 'PRV', 'PUB']);
    const saved = await setProperty(h, 'primary', A, 'entityDetails', { ...ENTITY, entityType: 'TRT' });
    expect(saved.data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'NOT_ALLOWED' });
    expect((await scoreboard(h)).entityDetails.entityType).toBe('TRT');
    await refused('scoreboard.entityDetails', 'api.completion.entityType', () => setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'));
    expect(h.definitions.message('api.completion.entityType', AU)).toBe(h.definitions.message('applicantDetails.notAllowed.body', AU));
    // The same write with the flag in it is the same request.
    await refused('scoreboard.entityDetails', 'api.completion.entityType', () => setProperty(h, 'primary', A, 'entityDetails', { ...ENTITY, entityType: 'TRT', confirmed: 'yes' }));
    // Changed to an eligible company: saved without the message, then confirmed.
    for (const type of eligible) {
      const ok = await setProperty(h, 'primary', A, 'entityDetails', { ...ENTITY, entityType: type });
      expect(ok.data?.createOrUpdateProperty).toMatchObject({ status: '200', message: 'OK' });
    }
    expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'))).toBe('ok');
    expect((await scoreboard(h)).entityDetails).toMatchObject({ ...ENTITY, entityType: 'PUB', confirmed: 'yes' });
  });

  it('refuses a confirmation that skips an industry field, the entity type or the registration number', async () => {
    for (const missing of ['industry', 'subDivision', 'subGroup', 'entityType'] as const) {
      const partial = Object.fromEntries(Object.entries(ENTITY).filter(([k]) => k !== missing));
      await serverSets(h, A, 'scoreboard.entityDetails', partial);
      await refused('scoreboard.entityDetails', 'api.completion.company', () => setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'));
      await refused('scoreboard.entityDetails', 'api.completion.company', () => setProperty(h, 'primary', A, 'entityDetails', { ...partial, confirmed: 'yes' }));
    }
    await serverSets(h, A, 'scoreboard.entityDetails', ENTITY);
    // AU: no ABN, no confirmation (only a region whose sole traders go by name may).
    await serverSets(h, A, 'scoreboard.companyDetails', { companyName: 'Fixture Pty Ltd' });
    await refused('scoreboard.companyDetails', 'api.completion.registration', () => setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'));
    // Another role may not confirm at all.
    await serverSets(h, A, 'scoreboard.companyDetails', { companyName: 'Fixture Pty Ltd', abn: '51824753556' });
    expect(codeOf(await setProperty(h, 'secondary', A, 'entityDetails.confirmed', 'yes'))).toBe('FORBIDDEN_PATH');
    expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'))).toBe('ok');
  });

  it('confirms an NZ sole trader known by name only (no NZBN), and refuses NZ entity types outside its list', async () => {
    const NZ = { brand: 'acme-au', region: 'nz' };
    expect(h.definitions.layers(NZ).settings.eligibleEntityTypes).toEqual(['ULTD', 'LTD', 'Sole_Trader']);
    await sql`UPDATE applications SET region = 'NZ' WHERE id = ${A}`.execute(h.database.db);
    await serverSets(h, A, 'scoreboard.companyDetails', { companyName: 'Mere Parata Landscaping', companyLegalName: 'Mere Parata Landscaping' });
    const saved = await setProperty(h, 'primary', A, 'entityDetails', { ...ENTITY, entityName: 'Mere Parata Landscaping', entityType: 'PRV' });
    expect(saved.data?.createOrUpdateProperty).toMatchObject({ message: 'NOT_ALLOWED' });
    await refused('scoreboard.entityDetails', 'api.completion.entityType', () => setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'), NZ);
    expect((await setProperty(h, 'primary', A, 'entityDetails.entityType', 'Sole_Trader')).data?.createOrUpdateProperty).toMatchObject({ message: 'OK' });
    expect(codeOf(await setProperty(h, 'primary', A, 'entityDetails.confirmed', 'yes'))).toBe('ok');
  });

  it('hands the application to a nominee (selectPrimaryApplicant): the nominator is shut out, the nominee invited', async () => {
    const nominee = { firstName: 'Omar', lastName: 'Officer', email: 'omar.nominee@fixture.test', phone: '0498765432' };
    const answer = await h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!) { selectPrimaryApplicant(applicationId: $id, isCurrentUserPrimary: false, vehicleApplicationStatus: "no", userInfo: $u) { status primaryApplicant { userId email confirmed } } }', { id: A, u: nominee });
    expect(answer.data?.selectPrimaryApplicant).toMatchObject({ status: '200', primaryApplicant: { email: nominee.email, confirmed: 'no' } });
    const after = await row(h, A);
    const officer = await h.database.db.selectFrom('users').select(['id']).where('email', '=', nominee.email).executeTakeFirstOrThrow();
    expect(after.primary).toBe(officer.id);
    expect((after.record.scoreboard as Record<string, Record<string, unknown>>).primaryApplicant).toMatchObject({ userId: officer.id, confirmed: 'no', email: nominee.email });
    // The nominator's access ended: reading or writing the application is refused, nothing changes.
    expect(codeOf(await h.gql('primary', 'query($id: ID) { getVehicleApplication(applicationId: $id) { applicationId } }', { id: A }))).toBe('FORBIDDEN');
    expect(codeOf(await setProperty(h, 'primary', A, 'primaryApplicant.confirmed', 'yes'))).toBe('FORBIDDEN');
    expect(await row(h, A)).toEqual(after);
    const mails = await h.database.db.selectFrom('outbox').select(['to_address']).where('to_address', '=', nominee.email).execute();
    expect(mails).toHaveLength(1);
  });

  it("names Authorised Officer (2) only as the primary officer (selectSecondaryApplicant), whose own e-mail it refuses", async () => {
    const second = { firstName: 'Nina', lastName: 'Second', email: 'nina.second@fixture.test', phone: '0412345678' };
    const call = (who: 'primary' | 'secondary' | 'other', u: typeof second) => h.gql(who, 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicationId: $id, applicantType: "secretary", userInfo: $u) { status secondaryApplicant { userId applicantType } } }', { id: A, u });
    expect(codeOf(await call('other', second))).toBe('FORBIDDEN');
    expect(codeOf(await call('secondary', second))).toBe('FORBIDDEN_PATH');
    // A caller who may not name the officer learns nothing of the details' checks: the same refusal.
    expect(codeOf(await call('secondary', { ...second, firstName: 'A' }))).toBe('FORBIDDEN_PATH');
    expect(codeOf(await call('secondary', { ...second, email: FIXTURE.users.secondary.email }))).toBe('FORBIDDEN_PATH');
    // Offered only to the confirmed officer when the business has more than one (001 s4 'Primary flow').
    await serverSets(h, A, 'scoreboard.entityDetails', { ...ENTITY, hasSecondaryApplicant: 'yes' });
    await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
    expect(codeOf(await call('primary', { ...second, email: FIXTURE.users.primary.email }))).toBe('INVALID_VALUE');
    expect((await call('primary', second)).data?.selectSecondaryApplicant).toMatchObject({ status: '200', secondaryApplicant: { applicantType: 'secretary' } });
  });

  it('refuses a nominee or Authorised Officer (2) whose name, e-mail or mobile is out of bounds, or without a role, creating no account', async () => {
    const person = { firstName: 'Lena', lastName: 'Bounds', email: 'lena.bounds@fixture.test', phone: '0412345678' };
    const n = (key: string, value: number) => h.definitions.message(key, AU, { n: value });
    const nominate = (u: typeof person) => h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!) { selectPrimaryApplicant(applicationId: $id, isCurrentUserPrimary: false, vehicleApplicationStatus: "no", userInfo: $u) { status } }', { id: A, u });
    const name = (u: typeof person, role = 'director') => h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!, $r: String!) { selectSecondaryApplicant(applicationId: $id, applicantType: $r, userInfo: $u) { status } }', { id: A, u, r: role });
    const cases: [Partial<typeof person>, string, string][] = [
      [{ firstName: 'A' }, 'firstName', n('validation.minLength', 2)],
      [{ lastName: 'B'.repeat(41) }, 'lastName', n('validation.maxLength', 40)],
      [{ email: `${'x'.repeat(43)}@fixture.test` }, 'email', n('validation.maxLength', 55)],
      [{ phone: '041234567' }, 'phone', n('validation.exactLength', 10)],
      [{ phone: '04123456789' }, 'phone', n('validation.exactLength', 10)],
    ];
    const check = async (answer: Answer, field: string, message: string) => {
      expect(codeOf(answer), field).toBe('INVALID_VALUE');
      expect(answer.errors?.[0].message).toBe(h.definitions.message('api.error.INVALID_VALUE', AU));
      expect(answer.errors?.[0].extensions?.fields).toEqual({ [field]: message });
    };
    const before = await row(h, A);
    for (const [change, field, message] of cases) await check(await nominate({ ...person, ...change }), `scoreboard.primaryApplicant.${field}`, message);
    expect(await row(h, A)).toEqual(before);
    // Authorised Officer (2) is offered (the officer confirmed, more than one): the same bounds, and a role.
    await serverSets(h, A, 'scoreboard.entityDetails', { ...ENTITY, hasSecondaryApplicant: 'yes' });
    await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
    const offered = await row(h, A);
    for (const [change, field, message] of cases) await check(await name({ ...person, ...change }), `scoreboard.secondaryApplicant.${field}`, message);
    // No role: the text the form shows for a required field, not a length (schemas/secondaryOfficer.json).
    await check(await name(person, ''), 'scoreboard.secondaryApplicant.applicantType', h.definitions.message('validation.required', AU));
    expect(await row(h, A)).toEqual(offered);
    expect(await h.database.db.selectFrom('users').select('id').where('email', '=', person.email).execute()).toEqual([]);
    // The same person within bounds is named.
    expect(codeOf(await name(person))).toBe('ok');
  });

  it("checks Authorised Officer (2)'s role as the region's form does: AU Director or Company Secretary only, NZ free text, none the required text", async () => {
    const NZ = { brand: 'acme-au', region: 'nz' };
    const person = { firstName: 'Rhea', lastName: 'Role', email: 'rhea.role@fixture.test', phone: '0412345678' };
    const name = (u: typeof person, role: string) =>
      h.gql('primary', 'mutation($id: ID, $u: UserInfoInput!, $r: String!) { selectSecondaryApplicant(applicationId: $id, applicantType: $r, userInfo: $u) { status secondaryApplicant { applicantType } } }', { id: A, u, r: role });
    const refusedRole = async (answer: Answer, message: string) => {
      expect(codeOf(answer)).toBe('INVALID_VALUE');
      expect(answer.errors?.[0].extensions?.fields).toEqual({ 'scoreboard.secondaryApplicant.applicantType': message });
    };
    await serverSets(h, A, 'scoreboard.entityDetails', { ...ENTITY, hasSecondaryApplicant: 'yes' });
    await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
    const offered = await row(h, A);
    const audits = (await audit(h, A)).length;
    // AU: the form's choice (its values and the labels the screen shows them with).
    const au = h.definitions.layers(AU).schemas.secondaryOfficer as { required: string[]; properties: { role: { enum: string[] } } };
    const choices = au.properties.role.enum;
    expect(au.required).toContain('role');
    expect(choices.map((v) => h.definitions.message(`applicantDetails.secondary.role.${v}`, AU))).toEqual(['Director', 'Company Secretary']);
    for (const role of ['Chief Wizard', 'Director', 'Company Secretary', 'DIRECTOR', 'x'.repeat(40)]) await refusedRole(await name(person, role), h.definitions.message('validation.default', AU));
    await refusedRole(await name(person, ''), h.definitions.message('validation.required', AU));
    expect(await row(h, A)).toEqual(offered);
    expect((await audit(h, A)).length).toBe(audits);
    expect(await h.database.db.selectFrom('users').select('id').where('email', '=', person.email).execute()).toEqual([]);
    for (const role of choices) {
      expect((await name(person, role)).data?.selectSecondaryApplicant, role).toMatchObject({ status: '200', secondaryApplicant: { applicantType: role } });
      expect((await scoreboard(h)).secondaryApplicant.applicantType).toBe(role);
    }
    // NZ: free text (the form's 'Other', 2 to 40 characters); none is refused with the same required text.
    await sql`UPDATE applications SET region = 'NZ' WHERE id = ${A}`.execute(h.database.db);
    const nzPerson = { ...person, phone: '021234567' };
    for (const role of ['Chief Wizard', 'Partner with delegated authority', 'director']) {
      expect((await name(nzPerson, role)).data?.selectSecondaryApplicant, role).toMatchObject({ status: '200', secondaryApplicant: { applicantType: role } });
      expect((await scoreboard(h)).secondaryApplicant.applicantType).toBe(role);
    }
    const nz = (h.definitions.layers(NZ).schemas.secondaryOfficer as { properties: { otherRole: { minLength: number; maxLength: number } } }).properties.otherRole;
    const nzText = (key: string, n?: number) => h.definitions.message(key, NZ, n === undefined ? undefined : { n });
    await refusedRole(await name(nzPerson, ''), nzText('validation.required'));
    await refusedRole(await name(nzPerson, 'x'.repeat(nz.minLength - 1)), nzText('validation.minLength', nz.minLength));
    await refusedRole(await name(nzPerson, 'x'.repeat(nz.maxLength + 1)), nzText('validation.maxLength', nz.maxLength));
    expect((await scoreboard(h)).secondaryApplicant.applicantType).toBe('director');
  });
});
