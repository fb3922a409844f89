/**
 * fetchRatebook's filters (spec 002 s3 'Refine filter payload', 000 s5 'Calculator query parsing') turned
 * into a normalised search plan; pure, no database. Invalid combinations throw {@link FilterError}.
 */
import type { CalculatorRules } from './calculatorRules';

/** The searchFilters input of fetchRatebook (RatebookSearchFilters in catalogue.graphql). */
export interface RatebookFilters {
  countryCode?: string | null;
  pageSize?: number | null;
  currentPage?: number | null;
  minDuration?: number | null;
  maxDuration?: number | null;
  distance?: number | null;
  vehicleMake?: string[] | null;
  pair?: string[] | null;
  vehicleFueltype?: string[] | null;
  vehicleBodytype?: string[] | null;
  cabType?: string[] | null;
  vehicleSeats?: number[] | null;
  vehicleMinRRP?: number | null;
  vehicleMaxRRP?: number | null;
  vehicleDriveTrain?: string[] | null;
  vehicleTransmission?: string[] | null;
  minBudget?: number | null;
  maxBudget?: number | null;
  budgetType?: string | null;
  sortBy?: string | null;
  sortOrder?: string | null;
  catalogVehicleId?: string[] | null;
}

/** Columns a search may sort by. */
export type SortColumn = 'vehicle_description' | 'consumer_price' | 'week_leaseprice' | 'month_leaseprice';

/** A normalised search: every list upper-cased and de-duplicated, null when the filter is not applied. */
export interface SearchPlan {
  country: string;
  distance: number;
  minDuration: number;
  maxDuration: number;
  /** Makes searched with all their models. */
  wholeMakes: string[];
  /** `MAKE:MODEL` pairs searched. */
  makeModels: string[];
  /** True when a make/model condition applies (wholeMakes or makeModels non-empty). */
  byMake: boolean;
  fuel: string[] | null;
  body: string[] | null;
  /** Cab types; applied to utes only, and only when the body filter includes utes. */
  cab: string[] | null;
  seats: number[] | null;
  driveTrain: string[] | null;
  transmission: string[] | null;
  vehicleIds: string[] | null;
  /** Price range on consumer_price (RRP) or a lease price column; bounds null when open. */
  range: { column: 'consumer_price' | 'week_leaseprice' | 'month_leaseprice'; min: number | null; max: number | null } | null;
  sort: { column: SortColumn; desc: boolean };
  pageSize: number;
  page: number;
}

/** A filter the server refuses; `field` names it. */
export class FilterError extends Error {
  constructor(readonly field: string, message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

const SORTS: Record<string, SortColumn> = {
  vehicle_description: 'vehicle_description', vehicledescription: 'vehicle_description', make: 'vehicle_description',
  consumer_price: 'consumer_price', consumerprice: 'consumer_price', rrp: 'consumer_price',
  week_leaseprice: 'week_leaseprice', weekleaseprice: 'week_leaseprice',
  month_leaseprice: 'month_leaseprice', monthleaseprice: 'month_leaseprice',
};
const UTE_BODIES = ['UTE', 'UTILITY'];

/** Upper-cased, trimmed, de-duplicated non-empty strings; entries may themselves be comma-joined. */
function list(values: string[] | null | undefined, split = true): string[] | null {
  if (!values?.length) return null;
  const out = new Set<string>();
  for (const v of values) for (const part of split ? String(v).split(',') : [String(v)]) if (part.trim()) out.add(part.trim().toUpperCase());
  return out.size ? [...out] : null;
}

const given = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function int(field: string, v: number | null | undefined, min: number, max: number, fallback: number): number {
  if (!given(v)) return fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw new FilterError(field, `${field} must be a whole number from ${min} to ${max}`);
  return v;
}

/** `pair` entries: `MAKE` or `MAKE:model1,model2`; an entry may hold several joined by '|'. */
function parsePairs(entries: string[] | null | undefined): Map<string, Set<string>> {
  const pairs = new Map<string, Set<string>>();
  for (const entry of entries ?? []) {
    for (const part of String(entry).split('|')) {
      const [make, models = ''] = part.split(':');
      const m = make.trim().toUpperCase();
      if (!m) continue;
      const set = pairs.get(m) ?? new Set<string>();
      for (const model of models.split(',')) if (model.trim()) set.add(model.trim().toUpperCase());
      pairs.set(m, set);
    }
  }
  return pairs;
}

/** The plan of a search under a brand's rules (the country is the brand's; a client countryCode is ignored). */
export function searchPlan(filters: RatebookFilters, rules: CalculatorRules): SearchPlan {
  const pairs = parsePairs(filters.pair);
  for (const make of list(filters.vehicleMake) ?? []) if (!pairs.has(make)) pairs.set(make, new Set());
  const enabled = rules.manufacturersEnabled;
  if (enabled) {
    // Spec 000 s5: pairs whose make is not enabled are dropped; no pairs left means the enabled makes.
    for (const make of [...pairs.keys()]) if (!enabled.includes(make)) pairs.delete(make);
    if (pairs.size === 0) for (const make of enabled) pairs.set(make, new Set());
  }
  const wholeMakes = [...pairs].filter(([, models]) => models.size === 0).map(([make]) => make);
  const makeModels = [...pairs].flatMap(([make, models]) => [...models].map((model) => `${make}:${model}`));

  const body = list(filters.vehicleBodytype);
  const cab = body?.some((b) => UTE_BODIES.includes(b)) ? list(filters.cabType, false) : null;
  if (body?.some((b) => UTE_BODIES.includes(b))) for (const b of UTE_BODIES) if (!body.includes(b)) body.push(b);

  const rrpGiven = given(filters.vehicleMinRRP) || given(filters.vehicleMaxRRP);
  const budgetGiven = given(filters.minBudget) || given(filters.maxBudget);
  if (rrpGiven && budgetGiven) throw new FilterError('maxBudget', 'the RRP range and the budget range are mutually exclusive: give one of them');
  const budgetType = (filters.budgetType ?? 'weekly').toLowerCase();
  if (budgetType !== 'weekly' && budgetType !== 'monthly') throw new FilterError('budgetType', "budgetType must be 'weekly' or 'monthly'");
  let range: SearchPlan['range'] = null;
  if (rrpGiven) {
    const max = given(filters.vehicleMaxRRP) && filters.vehicleMaxRRP < rules.rrpNoLimit ? filters.vehicleMaxRRP : null;
    range = { column: 'consumer_price', min: given(filters.vehicleMinRRP) ? filters.vehicleMinRRP : null, max };
  } else if (budgetGiven) {
    range = { column: budgetType === 'monthly' ? 'month_leaseprice' : 'week_leaseprice', min: given(filters.minBudget) ? filters.minBudget : null, max: given(filters.maxBudget) ? filters.maxBudget : null };
  }
  if (range && range.min !== null && range.max !== null && range.min > range.max) throw new FilterError(range.column === 'consumer_price' ? 'vehicleMinRRP' : 'minBudget', 'the range minimum is above its maximum');

  const sortKey = (filters.sortBy ?? 'vehicle_description').toLowerCase();
  const column = SORTS[sortKey];
  if (!column) throw new FilterError('sortBy', `sortBy must be one of ${Object.keys(SORTS).filter((k) => k.includes('_')).join(', ')}`);
  const order = (filters.sortOrder ?? 'asc').toLowerCase();
  if (order !== 'asc' && order !== 'desc') throw new FilterError('sortOrder', "sortOrder must be 'asc' or 'desc'");

  const minDuration = int('minDuration', filters.minDuration, 1, 120, given(filters.maxDuration) ? 1 : rules.defaultLeaseTerm);
  const maxDuration = int('maxDuration', filters.maxDuration, 1, 120, given(filters.minDuration) ? 120 : rules.defaultLeaseTerm);
  if (minDuration > maxDuration) throw new FilterError('minDuration', 'minDuration is above maxDuration');
  const seats = filters.vehicleSeats?.length ? [...new Set(filters.vehicleSeats.map((s) => int('vehicleSeats', s, 1, 99, 0)))] : null;
  const ids = filters.catalogVehicleId?.length ? [...new Set(filters.catalogVehicleId.map(String))] : null;
  if (ids && ids.length > rules.maxPageSize) throw new FilterError('catalogVehicleId', `at most ${rules.maxPageSize} vehicle ids`);

  return {
    country: rules.countryCode,
    distance: int('distance', filters.distance, 1, 1_000_000, rules.defaultDistance),
    minDuration,
    maxDuration,
    wholeMakes,
    makeModels,
    byMake: wholeMakes.length + makeModels.length > 0,
    fuel: list(filters.vehicleFueltype),
    body,
    cab,
    seats,
    driveTrain: list(filters.vehicleDriveTrain),
    transmission: list(filters.vehicleTransmission),
    vehicleIds: ids,
    range,
    sort: { column, desc: order === 'desc' },
    pageSize: int('pageSize', filters.pageSize, 1, rules.maxPageSize, rules.defaultPageSize),
    page: int('currentPage', filters.currentPage, 1, 1_000_000, 1),
  };
}
