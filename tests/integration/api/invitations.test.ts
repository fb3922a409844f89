/**
 * Hardening III, item 7 (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): invitations of an authorised
 * officer are limited as reset e-mails are (settings.rateLimits.invitation, per target e-mail and per client),
 * counted before anything is written; a refused invitation names nobody, makes no account and sends nothing;
 * naming the officer already named sends nothing and counts nothing. One account per e-mail however often it is
 * invited. The limits are read from the definitions, not copied here. (All requests of this harness come from one
 * client, the in-process one.)
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LimitRule } from '../../../server/limits';
import { FIXTURE } from './fixture';
import { DATABASES, startHarness, useHarness } from './harness';
import { codeOf, row, serverSets } from './helpers';

const A = FIXTURE.apps.shared;
const AU = { brand: 'acme-au', region: 'au' };
const ENTITY = { entityName: 'Fixture Pty Ltd', entityType: 'PRV', industry: 'Construction', subDivision: 'Building', subGroup: 'House construction' };
const NAME_SECOND = 'mutation($id: ID, $u: UserInfoInput!) { selectSecondaryApplicant(applicationId: $id, applicantType: "director", userInfo: $u) { status } }';
const NOMINATE = 'mutation($id: ID, $u: UserInfoInput!) { selectPrimaryApplicant(applicationId: $id, isCurrentUserPrimary: false, vehicleApplicationStatus: "no", userInfo: $u) { status } }';

const person = (name: string) => ({ firstName: 'Ivy', lastName: 'Invitee', email: `${name}@fixture.test`, phone: '0412345678' });

describe.each(DATABASES)('invitation limits on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  let rules: LimitRule[];
  const limitPer = (per: LimitRule['per']) => rules.find((r) => r.per === per)!.limit;
  const name = (email: string) => h.gql('primary', NAME_SECOND, { id: A, u: person(email) });
  const invitations = async (email: string) => (await h.database.db.selectFrom('outbox').select('template').where('to_address', '=', `${email}@fixture.test`).execute()).map((m) => m.template);
  const accounts = async (email: string) => (await h.database.db.selectFrom('users').select('id').where('email', '=', `${email}@fixture.test`).execute()).length;

  beforeAll(async () => {
    rules = (h.definitions.layers(AU).settings.rateLimits as Record<string, LimitRule[]>).invitation;
  }, 120_000);
  beforeEach(async () => {
    await h.reset();
    // Authorised Officer (2) is offered: the company confirmed with more than one officer, the primary officer confirmed.
    await serverSets(h, A, 'scoreboard.companyDetails', { companyName: 'Fixture Pty Ltd', companyLegalName: 'Fixture Pty Ltd', abn: '51824753556' });
    await serverSets(h, A, 'scoreboard.entityDetails', { ...ENTITY, hasSecondaryApplicant: 'yes' });
    await serverSets(h, A, 'scoreboard.primaryApplicant.confirmed', 'yes');
  });

  it('limits invitations per target e-mail: alternating two officers sends each at most the limit, then refuses without writing', async () => {
    const perEmail = limitPer('email');
    expect(2 * perEmail).toBeLessThan(limitPer('client'));
    expect(codeOf(await name('alma'))).toBe('ok');
    // Naming the officer already named changes nothing: no second e-mail, nothing counted.
    expect(codeOf(await name('alma'))).toBe('ok');
    for (let i = 1; i < 2 * perEmail; i++) expect(codeOf(await name(i % 2 ? 'bert' : 'alma')), `naming ${i + 1}`).toBe('ok');
    expect(await invitations('alma')).toEqual(Array(perEmail).fill('invitation'));
    expect(await invitations('bert')).toEqual(Array(perEmail).fill('invitation'));
    // One account each, however often invited.
    expect([await accounts('alma'), await accounts('bert')]).toEqual([1, 1]);
    // Over the limit for that address: refused with the limit's error, the application still names the other officer.
    const before = await row(h, A);
    const refused = await name('alma');
    expect(refused.errors?.[0]).toMatchObject({ message: h.definitions.message('api.error.RATE_LIMITED', AU), extensions: { code: 'RATE_LIMITED' } });
    expect(refused.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    // Every invitation counts against the address: handing the application over to it is refused too, and changes nothing.
    expect(codeOf(await h.gql('primary', NOMINATE, { id: A, u: person('alma') }))).toBe('RATE_LIMITED');
    expect(await row(h, A)).toEqual(before);
    expect(await invitations('alma')).toHaveLength(perEmail);
    // Another address is still invited (the client is under its own limit).
    expect(codeOf(await name('cleo'))).toBe('ok');
    expect(await invitations('cleo')).toEqual(['invitation']);
  });

  it('limits invitations per client: past the limit a new address is refused, with no account and no e-mail', async () => {
    const perClient = limitPer('client');
    for (let i = 0; i < perClient; i++) expect(codeOf(await name(`officer.${i}`)), `invitation ${i + 1}`).toBe('ok');
    const before = await row(h, A);
    expect(codeOf(await name(`officer.${perClient}`))).toBe('RATE_LIMITED');
    expect(await row(h, A)).toEqual(before);
    expect(await accounts(`officer.${perClient}`)).toBe(0);
    expect(await invitations(`officer.${perClient}`)).toEqual([]);
    const sent = await h.database.db.selectFrom('outbox').select('id').where('template', '=', 'invitation').execute();
    expect(sent).toHaveLength(perClient);
  }, 60_000);
});
