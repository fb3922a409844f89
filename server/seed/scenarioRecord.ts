/**
 * A demo scenario's people and record without a database: what `seedScenario` writes (seedAll.ts), and what the
 * studio previews a step with (studio/server/scenarioSamples.ts). Pure: same scenario, index and brand, same record.
 */
import type { DefinitionSet } from '../../runtime/core/types';
import type { JsonObject } from '../db';
import { demoRecord, stableUuid, type DemoPerson } from './demoRecord';
import { coverageScenarios, scenarios, type Scenario } from './scenarios';

/** The password of every demo user (documented in docs/demo-logins.md and printed at start). */
export const DEMO_PASSWORD = 'Fleetform-Demo-1';

/** Demo e-mail domain (reserved for examples). */
export const DEMO_DOMAIN = 'demo.example';

/** The demo e-mail of a scenario key. */
export const emailOf = (key: string) => `${key}@${DEMO_DOMAIN}`;

/** Demo mobile numbers within each region's rule (spec 000 s5: AU exactly 10 digits, NZ 9 to 12). */
const DEMO_PHONE: Record<string, string> = { AU: '0412345678', NZ: '0211234567' };

/** A demo person of a key (names from the key's words). */
export function person(id: string, key: string, region = 'AU'): DemoPerson {
  const words = key.split(/[.-]/);
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  // Letters only: names pass the record's name format (a fresh login's key carries hex digits).
  return { id, firstName: cap(words[0]), lastName: words.slice(1).map(cap).join('').replace(/[^A-Za-z]/g, ''), email: emailOf(key), phone: DEMO_PHONE[region] ?? DEMO_PHONE.AU };
}

/** A scenario's demo login (`main`), its companion officer's, and who is primary and secondary applicant. */
export function scenarioPeople(s: Scenario, region: string): { main: DemoPerson; companion: DemoPerson | null; primary: DemoPerson | null; secondary: DemoPerson | null } {
  const main = person(stableUuid(`user:${s.key}`), s.key, region);
  const companion = s.withSecondary ? person(stableUuid(`user:${s.key}.other`), `${s.key}.${s.role === 'secondary' ? 'primary' : 'secondary'}`, region) : null;
  const primary = s.role === 'secondary' ? companion : s.key.startsWith('primary.reassigned') || (s.role === 'calculator' && s.status === 'viewShortlist') ? null : main;
  const secondary = s.role === 'secondary' ? main : companion;
  return { main, companion, primary, secondary };
}

/** A scenario's application id and record under a brand of `region` whose organisation is `orgName`; `index` its place in {@link allScenariosOf}. */
export function scenarioRecord(s: Scenario, index: number, region: string, orgName: string): { applicationId: string; record: JsonObject; people: ReturnType<typeof scenarioPeople> } {
  const applicationId = stableUuid(`app:${s.key}`);
  const people = scenarioPeople(s, region);
  return { applicationId, record: demoRecord(s, applicationId, region, orgName, people.primary, people.secondary, index), people };
}

/** Every scenario including the coverage fillers (the seed's order: an index in it is the scenario's `index`). */
export function allScenariosOf(defs: DefinitionSet): Scenario[] {
  const base = scenarios(defs);
  const records = base.map((s, i) => demoRecord(s, 'x', 'AU', 'x', person('x', s.key), null, i));
  return [...base, ...coverageScenarios(defs, records)];
}
