/** The runtime's number formatting: Intl's output, with one formatter made per locale and options. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNumber } from '../../../runtime/core/logic/formatNumber';
import { createLogic } from '../../../runtime/core/logic';

describe('formatNumber', () => {
  afterEach(() => vi.restoreAllMocks());

  it("formats as Intl.NumberFormat does with the options' locale", () => {
    const aud = { locale: 'en-AU', style: 'currency', currency: 'AUD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 };
    expect(formatNumber(38000, aud)).toBe('$38,000');
    expect(formatNumber(1234.5, { locale: 'de-DE' })).toBe('1.234,5');
    expect(formatNumber(0.25, { locale: 'en-NZ', style: 'percent' })).toBe('25%');
  });

  it('makes one formatter per locale and options, however many numbers it formats', () => {
    const Original = Intl.NumberFormat;
    const made = vi.fn();
    vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      made();
      return new Original(...args);
    } as unknown as typeof Intl.NumberFormat);
    const options = { locale: 'en-NZ', style: 'currency', currency: 'NZD', maximumFractionDigits: 2 };
    const prices = Array.from({ length: 200 }, (_, i) => formatNumber(100 + i, { ...options }));
    expect(prices[0]).toBe('$100.00');
    expect(made).toHaveBeenCalledTimes(1);
    formatNumber(1, { ...options, maximumFractionDigits: 0 });
    expect(made).toHaveBeenCalledTimes(2);
  });
});

describe('groupDigits (logic)', () => {
  const logic = createLogic();
  const group = (value: unknown, groups: unknown) => logic.evaluate({ groupDigits: [value, groups] }, {});

  it('shows the digits in groups of the given sizes (an ABN as 2 3 3 3)', () => {
    expect(group('51824753556', [2, 3, 3, 3])).toBe('51 824 753 556');
    expect(group('51 824753 556', [2, 3, 3, 3])).toBe('51 824 753 556');
  });

  it('leaves the value as it is when its digits do not fill the groups, it is not digits, or no groups are given', () => {
    expect(group('5182475355', [2, 3, 3, 3])).toBe('5182475355');
    expect(group('ABC', [1, 2])).toBe('ABC');
    expect(group('9429041234567', null)).toBe('9429041234567');
    expect(group('', [2, 3, 3, 3])).toBe('');
  });
});
