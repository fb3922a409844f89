/** fetchRatebook's filter parsing (spec 000 s5 'Calculator query parsing', 002 s5 'Filters'), without a database. */
import { describe, expect, it } from 'vitest';
import { calculatorRules, FilterError, searchPlan } from '../../../server/catalogue';
import { businessNumberOf, validBusinessNumber } from '../../../server/registry';

const rules = calculatorRules({ region: 'AU' });

describe('searchPlan', () => {
  it('applies the defaults: brand country, 48 months, 15,000 km, description ascending, 25 a page', () => {
    expect(searchPlan({ countryCode: 'NZ' }, rules)).toMatchObject({ country: 'AU', minDuration: 48, maxDuration: 48, distance: 15000, sort: { column: 'vehicle_description', desc: false }, pageSize: 25, page: 1, byMake: false, range: null });
    expect(calculatorRules({}).countryCode).toBe('NZ');
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
    expect(calculatorRules({ pricingConfiguration: { calculator: { manufacturersEnabled: [] } } }).manufacturersEnabled).toBeNull();
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
  it('checks ABN (mod 89) and NZBN (GS1) check digits', () => {
    expect(validBusinessNumber('51824753556', 'AU')).toBe(true);
    expect(validBusinessNumber('51824753557', 'AU')).toBe(false);
    expect(validBusinessNumber('9429041535202', 'NZ')).toBe(true);
    expect(validBusinessNumber('9429041535203', 'NZ')).toBe(false);
    expect(businessNumberOf('51 824 753 556', 'AU')).toBe('51824753556');
    expect(businessNumberOf('51824753556', 'NZ')).toBeNull();
  });
});
