/**
 * 001 s5 'Card number' as region data (regions/au.yaml settings.idCheck): each state's pattern accepts and refuses as
 * the spec states it, evaluated with the same logic the screen's rule and the server's completion use (the card with
 * spaces stripped, the pattern of the upper-cased, trimmed state); the full state names map to abbreviations.
 */
import { describe, expect, it } from 'vitest';
import { loadServerDefinitions } from '../../../server/definitions';

const root = new URL('../../..', import.meta.url).pathname;
const server = loadServerDefinitions(root);
const settings = server.layers({ brand: 'acme-au', region: 'au' }).settings as { idCheck: { cardPatterns: { state: string; pattern: string }[]; stateNames: { name: string; state: string }[] } };
const nz = server.layers({ brand: 'kiwi-nz', region: 'nz' }).settings as { idCheck: Record<string, unknown> };

/** The rule of flows/idCheck.yaml and fragments/idCheck.yaml: true when the card is invalid for the state. */
const invalid = (card: string, state: string) =>
  server.logic.holds(
    {
      '!': {
        matches: [
          { join: [{ split: [{ var: 'card' }, ' '] }, ''] },
          { or: [{ join: [{ pluck: [{ filterBy: [{ var: 'settings.idCheck.cardPatterns' }, 'state', { upper: { trim: { var: 'state' } } }] }, 'pattern'] }, ''] }, '^$.'] },
        ],
      },
    },
    { card, state, settings },
  );

describe("001 s5 'Card number'", () => {
  it('every state pattern of 001 s5 accepts and refuses as the spec says', () => {
    const cases: [string, string[], string[]][] = [
      ['NSW', ['2083920417', '2083 920 417'], ['208392041', 'A083920417']],
      ['NT', ['123456', '12345678'], ['12345', '123456789', '12345A']],
      ['ACT', ['AB12345678', '1234567890'], ['AB1234567', 'AB123456789']],
      ['QLD', ['QL12345678'], ['QL1234567']],
      ['SA', ['SA1234567'], ['SA12345678', 'SA123456']],
      ['TAS', ['TA1234567'], ['TA12345678']],
      ['VIC', ['FV905173'], ['FV9051736', 'FV90517']],
      ['WA', ['WA123456', 'WA12345678'], ['WA12345', 'WA123456789']],
    ];
    for (const [state, good, bad] of cases) {
      for (const card of good) expect(invalid(card, state), `${state} ${card}`).toBe(false);
      for (const card of bad) expect(invalid(card, state), `${state} ${card}`).toBe(true);
    }
    // The state upper-cased and trimmed; an unknown state accepts no card.
    expect(invalid('2083920417', ' nsw ')).toBe(false);
    expect(invalid('2083920417', 'XYZ')).toBe(true);
    expect(settings.idCheck.cardPatterns.map((p) => p.state).sort()).toEqual(['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']);
    // NZ asks the version instead (no card patterns).
    expect(nz.idCheck).toMatchObject({ version: true });
    expect(nz.idCheck.cardPatterns).toBeUndefined();
  });

  it('maps every full state name to its abbreviation', () => {
    const abbreviation = (name: string) => server.logic.evaluate({ join: [{ pluck: [{ filterBy: [{ var: 'settings.idCheck.stateNames' }, 'name', { upper: { trim: { var: 'name' } } }] }, 'state'] }, ''] }, { name, settings });
    expect(abbreviation('New South Wales')).toBe('NSW');
    expect(abbreviation(' victoria ')).toBe('VIC');
    expect(abbreviation('Australian Capital Territory')).toBe('ACT');
    expect(settings.idCheck.stateNames).toHaveLength(8);
  });
});
