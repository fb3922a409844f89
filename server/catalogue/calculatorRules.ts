/** The calculator's server-side rules, read from the merged definition settings (messages/calculator.yaml, brands, regions). */

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const num = (v: unknown, fallback: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/** Rules of the catalogue search, shortlist and business lookup for one brand. */
export interface CalculatorRules {
  /** Catalogue country: setting `leaseCalculator.countryCode`, else the white-label or layer region, else `leaseCalculator.defaultCountryCode` (NZ, spec 000 s9). */
  countryCode: string;
  /** Annual distance (km) of the priced rows a search returns. */
  defaultDistance: number;
  /** Lease term (months) used for min and max duration when a search gives none. */
  defaultLeaseTerm: number;
  /** A maximum RRP of this value means no upper limit. */
  rrpNoLimit: number;
  maxPageSize: number;
  defaultPageSize: number;
  /** Most vehicles on a shortlist. */
  shortlistLimit: number;
  /** Most rows a business lookup answers, and the shortest name it searches. */
  businessSearch: { maxResults: number; minLength: number };
  /** Makes (upper case) the brand's calculator is limited to; null when not limited. */
  manufacturersEnabled: string[] | null;
}

/** The rules in a brand's merged settings. */
export function calculatorRules(settings: Record<string, unknown>): CalculatorRules {
  const rules = obj(settings.leaseCalculator);
  const search = obj(rules.businessSearch);
  const white = obj(settings.whiteLabel);
  const calc = obj(obj(settings.pricingConfiguration).calculator);
  const makes = calc.manufacturersEnabled ?? settings.manufacturersEnabled;
  const enabled = Array.isArray(makes) ? makes.map((m) => String(m).trim().toUpperCase()).filter(Boolean) : [];
  const country = [rules.countryCode, white.region, settings.region, rules.defaultCountryCode].find((v) => typeof v === 'string' && v.trim() !== '') as string | undefined;
  if (country === undefined) throw new Error('no catalogue country: set settings.leaseCalculator.countryCode, settings.region or settings.leaseCalculator.defaultCountryCode');
  return {
    countryCode: country.trim().toUpperCase(),
    defaultDistance: num(rules.defaultDistance, 15000),
    defaultLeaseTerm: num(rules.defaultLeaseTerm, 48),
    rrpNoLimit: num(rules.rrpNoLimit, 120000),
    maxPageSize: num(rules.maxPageSize, 100),
    defaultPageSize: num(rules.defaultPageSize, 25),
    shortlistLimit: num(rules.shortlistLimit, 3),
    businessSearch: { maxResults: num(search.maxResults, 6), minLength: num(search.minLength, 2) },
    manufacturersEnabled: enabled.length ? enabled : null,
  };
}
