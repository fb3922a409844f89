/**
 * Address autocomplete on the server (spec 001 s5 'Entity details', s9: AU and NZ only), on a real database
 * (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) with the sandbox provider over the seeded gazetteer:
 * suggestions filtered by country and matched word by word, details of a picked suggestion, the settings'
 * limits (query length, countries, fewest characters, most suggestions), the sandbox's controls (no match, the
 * error word), the rate limit, and signed-out callers refused.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_ADDRESS_ERROR } from '../../../server/address';
import { gazetteerRows, seedAddresses } from '../../../server/seed/addresses';
import { DATABASES, startHarness, useHarness } from './harness';
import { codeOf } from './helpers';

const AU = { brand: 'acme-au', region: 'au' };
const SUGGEST = 'query($q: String!, $c: [String!]) { addressSuggestions(query: $q, countries: $c) { id label } }';
const DETAILS = 'query($id: ID!) { addressDetails(id: $id) { id streetNo streetName suburb state postCode country countryCode subPremise label } }';
type Suggestion = { id: string; label: string };

describe.each(DATABASES)('address autocomplete on %s', (kind) => {
  const h = useHarness(() => startHarness(kind));
  const settings = () => h.definitions.layers(AU).settings.address as { countries: string[]; minLength: number; maxQueryLength: number; maxSuggestions: number; autoPickAfterMs: number };
  const suggest = async (q: string, c?: string[], who: 'primary' | 'other' = 'primary') => {
    const answer = await h.gql(who, SUGGEST, { q, c });
    return { answer, rows: (answer.data?.addressSuggestions ?? []) as Suggestion[] };
  };
  beforeAll(async () => {
    expect(await seedAddresses(h.database.db)).toBe(gazetteerRows().length);
    // Safe to run again.
    await seedAddresses(h.database.db);
  }, 120_000);
  beforeEach(async () => h.reset());

  it('settings: AU and NZ, 3 characters, 120 at most, 6 suggestions, auto-pick after 1 second (001 s9)', () => {
    expect(settings()).toEqual({ countries: ['AU', 'NZ'], minLength: 3, maxQueryLength: 120, maxSuggestions: 6, autoPickAfterMs: 1000 });
    const countries = new Set(gazetteerRows().map((r) => r.country_code));
    expect([...countries].sort()).toEqual(['AU', 'NZ']);
    expect(gazetteerRows().length).toBeGreaterThanOrEqual(36);
  });

  it('suggests addresses whose label holds every word, in the countries asked for, ordered by label', async () => {
    const au = await suggest('george st', ['AU']);
    expect(codeOf(au.answer)).toBe('ok');
    expect(au.rows.map((r) => r.label)).toEqual([
      '1 George Street, Sydney NSW 2000',
      '120 George Street, The Rocks NSW 2000',
      // Words match inside words: 'george st' also finds St Georges Terrace.
      '140 St Georges Terrace, Perth WA 6000',
      '15 George Street, Sydney NSW 2000',
      'Level 12, 1 George Street, Sydney NSW 2000',
    ]);
    const nz = await suggest('george st', ['NZ']);
    expect(nz.rows.map((r) => r.label)).toEqual(['60 George Street, Dunedin Central, Otago 9016']);
    // Lower case, any order, both countries when none are named.
    const both = await suggest('ST GEORGE');
    expect(both.rows.map((r) => r.label)).toEqual([...au.rows, ...nz.rows].map((r) => r.label).sort());
    expect((await suggest('george st', ['au', 'nz'])).rows).toEqual(both.rows);
    // The demo companies' addresses (server/seed/scenarios.ts BUSINESS_ENTITY) are there.
    expect((await suggest('1 queen street auckland', ['NZ'])).rows.map((r) => r.label)).toContain('1 Queen Street, Auckland Central, Auckland 1010');
    // A LIKE wildcard is a plain character.
    expect((await suggest('%%%', ['AU'])).rows).toEqual([]);
  });

  it('answers at most maxSuggestions, and none under minLength characters (trimmed)', async () => {
    const many = await suggest('street');
    expect(many.rows).toHaveLength(settings().maxSuggestions);
    expect((await suggest('  ge  ')).rows).toEqual([]);
    expect((await suggest('geo')).rows.length).toBeGreaterThan(0);
  });

  it('details a suggestion: the record fields of entityDetails; null for an unknown id', async () => {
    const [unit] = (await suggest('unit 4 smith', ['AU'])).rows;
    const answer = await h.gql('primary', DETAILS, { id: unit.id });
    expect(codeOf(answer)).toBe('ok');
    expect(answer.data?.addressDetails).toEqual({
      id: unit.id, subPremise: 'Unit 4', streetNo: '12', streetName: 'Smith Street', suburb: 'Fitzroy', state: 'VIC', postCode: '3065',
      country: 'Australia', countryCode: 'AU', label: 'Unit 4, 12 Smith Street, Fitzroy VIC 3065',
    });
    const [nz] = (await suggest('ponsonby', ['NZ'])).rows;
    expect((await h.gql('other', DETAILS, { id: nz.id })).data?.addressDetails).toMatchObject({ streetNo: '12', streetName: 'Ponsonby Road', suburb: 'Grey Lynn', state: 'Auckland', postCode: '1021', country: 'New Zealand', countryCode: 'NZ', subPremise: null });
    const unknown = await h.gql('primary', DETAILS, { id: 'au-no-such-address' });
    expect(codeOf(unknown)).toBe('ok');
    expect(unknown.data?.addressDetails).toBeNull();
  });

  it('refuses a query over maxQueryLength and a country outside settings.address.countries, with the catalogue text', async () => {
    const long = await suggest('a'.repeat(settings().maxQueryLength + 1));
    expect(codeOf(long.answer)).toBe('INVALID_VALUE');
    expect(long.answer.errors?.[0].message).toBe(h.definitions.message('api.error.INVALID_VALUE', AU));
    expect(codeOf((await suggest('a'.repeat(settings().maxQueryLength))).answer)).toBe('ok');
    for (const c of [['US'], ['AU', 'GB'], ['']]) expect(codeOf((await suggest('george', c)).answer)).toBe('INVALID_VALUE');
    expect(codeOf(await h.gql('primary', DETAILS, { id: 'x'.repeat(201) }))).toBe('INVALID_VALUE');
  });

  it(`sandbox control: the word '${SANDBOX_ADDRESS_ERROR}' fails like a provider that is down (ADDRESS_UNAVAILABLE); no match answers none`, async () => {
    for (const answer of [(await suggest(`george ${SANDBOX_ADDRESS_ERROR}`)).answer, await h.gql('primary', DETAILS, { id: SANDBOX_ADDRESS_ERROR })]) {
      expect(codeOf(answer)).toBe('ADDRESS_UNAVAILABLE');
      expect(answer.errors?.[0].message).toBe(h.definitions.message('api.error.ADDRESS_UNAVAILABLE', AU));
    }
    const none = await suggest('zzzz nowhere lane');
    expect(codeOf(none.answer)).toBe('ok');
    expect(none.rows).toEqual([]);
  });

  it('refuses signed-out callers (UNAUTHENTICATED)', async () => {
    expect(codeOf(await h.gql('anonymous', SUGGEST, { q: 'george' }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await h.gql('anonymous', DETAILS, { id: 'au-1-george-street-sydney-nsw-2000' }))).toBe('UNAUTHENTICATED');
  });

  it('rate limits lookups per signed-in user (settings.rateLimits.addressLookup): RATE_LIMITED, other users unaffected', async () => {
    const rules = (h.definitions.layers(AU).settings.rateLimits as Record<string, { per: string; limit: number }[]>).addressLookup;
    const perUser = rules.find((r) => r.per === 'email')!.limit;
    for (let i = 0; i < perUser; i++) expect(codeOf(i % 2 ? (await suggest('george')).answer : await h.gql('primary', DETAILS, { id: 'au-x' }))).toBe('ok');
    const over = await suggest('george');
    expect(codeOf(over.answer)).toBe('RATE_LIMITED');
    expect(over.answer.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    expect(codeOf((await suggest('george', undefined, 'other')).answer)).toBe('ok');
  }, 60_000);
});
