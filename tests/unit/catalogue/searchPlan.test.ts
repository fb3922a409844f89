/** fetchRatebook's filter parsing (spec 000 s5 'Calculator query parsing', 002 s5 'Filters'), without a database. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculatorRules, FilterError, searchPlan } from '../../../server/catalogue';
import { businessNumberCheck } from '../../../extensions/businessNumbers';
import { loadServerDefinitions } from '../../../server/definitions';

const definitionSet = loadServerDefinitions(join(import.meta.dirname, '../../..'));
const definitions = () => definitionSet;

const rules = calculatorRules({ region: 'AU' });

describe('searchPlan', () => {
  it('applies the defaults: brand country, 48 months, 15,000 km, description ascending, 25 a page', () => {
    expect(searchPlan({ countryCode: 'NZ' }, rules)).toMatchObject({ country: 'AU', minDuration: 48, maxDuration: 48, distance: 15000, sort: { column: 'vehicle_description', desc: false }, pageSize: 25, page: 1, byMake: false, range: null });
    expect(calculatorRules({ leaseCalculator: { defaultCountryCode: 'nz' } }).countryCode).toBe('NZ');
    expect(calculatorRules({ region: 'AU', leaseCalculator: { defaultCountryCode: 'NZ' } }).countryCode).toBe('AU');
    // The base layer's default (spec 000 s9: NZ when no region is set), and no country at all is refused.
    const base = definitions().layers({}).settings;
    expect(calculatorRules(base).countryCode).toBe('AU');
    expect(calculatorRules({ ...base, region: undefined }).countryCode).toBe('NZ');
    expect(() => calculatorRules({})).toThrow(/defaultCountryCode/);
    expect(calculatorRules({ region: 'AU', leaseCalculator: { countryCode: 'nz' } }).countryCode).toBe('NZ');
  });

  it("parses pairs ('MAKE', 'MAKE:m1,m2', '|'-joined) case-insensitively and merges vehicleMake", () => {
    const plan = searchPlan({ pair: ['toyota:hilux,rav4|FORD'], vehicleMake: ['Kia', 'FORD'] }, rules);
    expect(plan.wholeMakes.sort()).toEqual(['FORD', 'KIA']);
    expect(plan.makeModels.sort()).toEqual(['TOYOTA:HILUX', 'TOYOTA:RAV4']);
  });

  it('limits to the enabled manufacturers: other pairs dropped, none left means all enabled makes', () => {
    const limited = { ...rules, manufacturersEnabled: ['TOYOTA', 'KIA'] };
    expect(searchPlan({ pair: ['FORD', 'TOYOTA:HILUX'] }, limited)).toMatchObject({ wholeMakes: [], makeModels: ['TOYOTA:HILUX'] });
    expect(searchPlan({ pair: ['FORD'] }, limited).wholeMakes).toEqual(['TOYOTA', 'KIA']);
    expect(searchPlan({}, limited).wholeMakes).toEqual(['TOYOTA', 'KIA']);
    expect(calculatorRules({ region: 'AU', pricingConfiguration: { calculator: { manufacturersEnabled: [] } } }).manufacturersEnabled).toBeNull();
  });

  it('applies cab types only with utes, 120000 as no RRP limit, the budget to the chosen price column', () => {
    expect(searchPlan({ vehicleBodytype: ['SUV'], cabType: ['D/CAB'] }, rules).cab).toBeNull();
    expect(searchPlan({ vehicleBodytype: ['ute'], cabType: ['d/cab'] }, rules)).toMatchObject({ cab: ['D/CAB'], body: ['UTE', 'UTILITY'] });
    expect(searchPlan({ vehicleMinRRP: 40000, vehicleMaxRRP: 120000 }, rules).range).toEqual({ column: 'consumer_price', min: 40000, max: null });
    expect(searchPlan({ maxBudget: 900, budgetType: 'monthly' }, rules).range).toEqual({ column: 'month_leaseprice', min: null, max: 900 });
  });

  it('refuses what it cannot answer, naming the filter', () => {
    const field = (f: Parameters<typeof searchPlan>[0]) => {
      try {
        searchPlan(f, rules);
      } catch (e) {
        return e instanceof FilterError ? e.field : 'other';
      }
      return 'accepted';
    };
    expect(field({ vehicleMaxRRP: 60000, minBudget: 100 })).toBe('maxBudget');
    expect(field({ sortBy: 'vehicle_make' })).toBe('sortBy');
    expect(field({ sortOrder: 'up' })).toBe('sortOrder');
    expect(field({ pageSize: 101 })).toBe('pageSize');
    expect(field({ currentPage: 0 })).toBe('currentPage');
    expect(field({ minDuration: 60, maxDuration: 36 })).toBe('minDuration');
    expect(field({ vehicleMinRRP: 80000, vehicleMaxRRP: 40000 })).toBe('vehicleMinRRP');
  });
});

describe('business numbers', () => {
  it('checks ABN (mod 89) and NZBN (GS1) check digits, as the AU and NZ region layers name them', () => {
    const au = businessNumberCheck(definitions().layers({ region: 'au' }).settings);
    const nz = businessNumberCheck(definitions().layers({ region: 'nz' }).settings);
    expect(au.rule).toEqual({ field: 'abn', digits: 11, validator: 'abn' });
    expect(nz.rule).toEqual({ field: 'nzbn', digits: 13, validator: 'gs1' });
    expect(au.valid('51824753556')).toBe(true);
    expect(au.valid('51824753557')).toBe(false);
    expect(nz.valid('9429041535202')).toBe(true);
    expect(nz.valid('9429041535203')).toBe(false);
    expect(au.fullNumber('51 824 753 556')).toBe('51824753556');
    expect(nz.fullNumber('51824753556')).toBeNull();
  });

  it('refuses a rule that is missing, malformed or names no registered validator, naming the known ones', () => {
    expect(() => businessNumberCheck({}, undefined, 'regions/xx.yaml')).toThrow(/regions\/xx.yaml: settings.businessNumber is missing.*abn, gs1/);
    expect(() => businessNumberCheck({ businessNumber: { field: 'crn', digits: 8, validator: 'crn' } })).toThrow(/validator 'crn' is not registered \(validators: abn, gs1\)/);
    expect(() => businessNumberCheck({ businessNumber: { field: 'abn', digits: '11', validator: 'abn' } })).toThrow(/digits/);
    const own = businessNumberCheck({ businessNumber: { field: 'crn', digits: 8, validator: 'crn' } }, { crn: (d) => d.endsWith('7') });
    expect([own.valid('12345677'), own.valid('12345678'), own.valid('1234567')]).toEqual([true, false, false]);
  });
});
