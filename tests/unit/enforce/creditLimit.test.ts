/**
 * The credit limit's logic fragments (fragments/creditLimit.yaml; spec 001 s4, s9) evaluated with the real
 * settings (settings.creditLimit, messages/businessDetails.yaml): the minimum with and without a lease value,
 * the drive-away floor, the slider's first value, the default. The fragments are expanded as a flow's `{ use: name }` expands them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { collectFragments, expandFragments } from '../../../runtime/core/load';
import type { Logic } from '../../../runtime/core/types';
import { loadServerDefinitions } from '../../../server/definitions';

const root = join(import.meta.dirname, '../../..');
const server = loadServerDefinitions(root);
const settings = server.layers({ brand: 'acme-au', region: 'au' }).settings;
const files = Object.fromEntries(readdirSync(join(root, 'fragments')).filter((f) => f.endsWith('.yaml')).map((f) => [`fragments/${f}`, parse(readFileSync(join(root, 'fragments', f), 'utf8'))]));
const { fragments, errors } = collectFragments(files, {});

/** A logic fragment, expanded (its own uses too). */
function fragment(name: string): Logic {
  const flow = { id: 'probe', steps: { s: { when: { use: name } } } };
  const expanded = expandFragments(flow, 'flows/probe.yaml', fragments, {});
  expect(expanded.errors).toEqual([]);
  return (expanded.value as { steps: { s: { when: Logic } } }).steps.s.when;
}
const evaluate = (name: string, leaseDetails?: Record<string, number>) => server.logic.evaluate(fragment(name), { record: { scoreboard: leaseDetails ? { leaseDetails } : {} }, settings });

describe('credit limit fragments', () => {
  it('reads the settings the spec gives (001 s9)', () => {
    expect(errors).toEqual([]);
    expect(settings.creditLimit).toEqual({ max: 500000, step: 10000, autoApproval: 150000, default: 50000, minimum: 1000 });
  });

  it('creditLimitMinimum without a lease value is the static minimum', () => {
    expect(evaluate('creditLimitMinimum')).toBe(1000);
    expect(evaluate('creditLimitMinimum', {})).toBe(1000);
  });

  it('creditLimitMinimum with a fiscal value is that value minus 10% of (the maximum minus it)', () => {
    // 100000 - 0.1 x (500000 - 100000) = 60000
    expect(evaluate('creditLimitMinimum', { fiscalValue: 100000 })).toBe(60000);
    // The fiscal value wins over the drive-away price as the measure; the drive-away price is still the floor.
    expect(evaluate('creditLimitMinimum', { fiscalValue: 100000, driveAwayPrice: 50000 })).toBe(60000);
    // A small lease value: the formula goes below zero, the minimum does not.
    expect(evaluate('creditLimitMinimum', { fiscalValue: 20000 })).toBe(0);
  });

  it('creditLimitMinimum never drops below the drive-away price', () => {
    // Drive-away only: 130000 - 0.1 x 370000 = 93000, raised to the drive-away price.
    expect(evaluate('creditLimitMinimum', { driveAwayPrice: 130000 })).toBe(130000);
    // A fiscal value whose formula is below the drive-away price.
    expect(evaluate('creditLimitMinimum', { fiscalValue: 100000, driveAwayPrice: 70000 })).toBe(70000);
  });

  it('creditLimitLeaseValue is the fiscal value, else the drive-away price, else 0', () => {
    expect(evaluate('creditLimitLeaseValue', { fiscalValue: 90000, driveAwayPrice: 80000 })).toBe(90000);
    expect(evaluate('creditLimitLeaseValue', { driveAwayPrice: 80000 })).toBe(80000);
    expect(evaluate('creditLimitLeaseValue')).toBe(0);
  });

  it('creditLimitFrom is the minimum rounded up to a whole step of the slider (settings.creditLimit.step)', () => {
    expect(evaluate('creditLimitFrom')).toBe(10000);
    expect(evaluate('creditLimitFrom', { fiscalValue: 100000 })).toBe(60000);
    expect(evaluate('creditLimitFrom', { driveAwayPrice: 135000 })).toBe(140000);
  });

  it('creditLimitDefault is the default setting, raised to the slider\'s first value', () => {
    expect(evaluate('creditLimitDefault', { driveAwayPrice: 135000 })).toBe(140000);
    expect(evaluate('creditLimitDefault')).toBe(50000);
    expect(evaluate('creditLimitDefault', { fiscalValue: 100000 })).toBe(60000);
    expect(evaluate('creditLimitDefault', { driveAwayPrice: 130000 })).toBe(130000);
    expect(evaluate('creditLimitDefault', { fiscalValue: 30000 })).toBe(50000);
  });

  it('the sole-trader rule: IND or Sole_Trader; in NZ also a legal name without a number (001 s3)', () => {
    const nz = server.layers({ brand: 'kiwi-nz', region: 'nz' }).settings;
    const sole = (scoreboard: Record<string, unknown>, s = settings) => server.logic.holds(fragment('soleTrader'), { record: { scoreboard }, settings: s });
    expect(sole({ entityDetails: { entityType: 'IND' } })).toBe(true);
    expect(sole({ entityDetails: { entityType: 'Sole_Trader' } }, nz)).toBe(true);
    expect(sole({ entityDetails: { entityType: 'PRV' } })).toBe(false);
    expect(sole({ entityDetails: {}, companyDetails: { companyLegalName: 'Kiwi Trading' } })).toBe(false);
    expect(sole({ entityDetails: {}, companyDetails: { companyLegalName: 'Kiwi Trading' } }, nz)).toBe(true);
    expect(sole({ entityDetails: {}, companyDetails: { companyLegalName: 'Kiwi Ltd', nzbn: '9429000000000' } }, nz)).toBe(false);
  });
});
