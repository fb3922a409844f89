/**
 * An independent model of the rate-book search (spec 000 s5, 002 s3 'Refine filter payload'), written
 * from the spec over rows loaded into memory: the tests compare the API's pages and counts with it.
 */

/** The columns the model reads. */
export interface Row {
  id: string;
  country_code: string;
  distance: number;
  duration: number;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_fueltype: string | null;
  vehicle_bodytype: string | null;
  cab_type: string | null;
  vehicle_nrofseats: number | null;
  consumer_price: number;
  week_leaseprice: number;
  month_leaseprice: number;
  vehicle_description: string;
  catalog_vehicle_id: string;
}

/** A filter payload as the front end sends it. */
export interface Filters {
  pair?: string[];
  vehicleFueltype?: string[];
  vehicleBodytype?: string[];
  cabType?: string[];
  vehicleSeats?: number[];
  vehicleMinRRP?: number;
  vehicleMaxRRP?: number;
  minBudget?: number;
  maxBudget?: number;
  budgetType?: 'weekly' | 'monthly';
  sortBy?: 'vehicle_description' | 'consumer_price' | 'week_leaseprice';
  sortOrder?: 'asc' | 'desc';
  pageSize?: number;
  currentPage?: number;
  minDuration?: number;
  maxDuration?: number;
  catalogVehicleId?: string[];
}

/**
 * Every match of `f` in order, for the country, with the defaults of the spec: 15,000 km, 48 months,
 * 120000 as no RRP limit, cab types for utes only, vehicle_description ascending. `rank` gives the
 * database's collation order of descriptions (text order is the database's business).
 */
export function expectedMatches(rows: Row[], country: string, f: Filters, rank: Map<string, number>): Row[] {
  const pairs = new Map<string, string[]>();
  for (const p of f.pair ?? []) {
    const [make, models] = p.split(':');
    pairs.set(make.toUpperCase(), models ? models.split(',').map((m) => m.toUpperCase()) : []);
  }
  const body = (f.vehicleBodytype ?? []).map((b) => b.toUpperCase());
  const cabApplies = body.includes('UTE') && (f.cabType?.length ?? 0) > 0;
  const min = f.minDuration ?? 48;
  const max = f.maxDuration ?? 48;
  const budgetCol = f.budgetType === 'monthly' ? 'month_leaseprice' : 'week_leaseprice';
  const out = rows.filter((r) => {
    if (r.country_code !== country || r.distance !== 15000 || r.duration < min || r.duration > max) return false;
    if (pairs.size) {
      const models = pairs.get(r.vehicle_make.toUpperCase());
      if (!models || (models.length && !models.includes(r.vehicle_model.toUpperCase()))) return false;
    }
    if (f.vehicleFueltype?.length && !f.vehicleFueltype.includes(String(r.vehicle_fueltype))) return false;
    if (body.length && !body.includes(String(r.vehicle_bodytype))) return false;
    if (cabApplies && r.vehicle_bodytype === 'UTE' && !f.cabType!.includes(String(r.cab_type))) return false;
    if (f.vehicleSeats?.length && !f.vehicleSeats.includes(Number(r.vehicle_nrofseats))) return false;
    if (f.vehicleMinRRP !== undefined && r.consumer_price < f.vehicleMinRRP) return false;
    if (f.vehicleMaxRRP !== undefined && f.vehicleMaxRRP !== 120000 && r.consumer_price > f.vehicleMaxRRP) return false;
    if (f.minBudget !== undefined && r[budgetCol] < f.minBudget) return false;
    if (f.maxBudget !== undefined && r[budgetCol] > f.maxBudget) return false;
    if (f.catalogVehicleId?.length && !f.catalogVehicleId.includes(r.catalog_vehicle_id)) return false;
    return true;
  });
  const sortBy = f.sortBy ?? 'vehicle_description';
  const sign = f.sortOrder === 'desc' ? -1 : 1;
  const key = (r: Row) => (sortBy === 'vehicle_description' ? (rank.get(r.vehicle_description) ?? -1) : r[sortBy]);
  return out.sort((a, b) => sign * (key(a) - key(b) || Number(a.id) - Number(b.id)));
}

/** The seeded PRNG the seed uses too. */
export { prng } from '../../../server/seed/prng';

/**
 * A random filter payload over the catalogue's values (used by the test and the benchmark). One in ten is the
 * shortlist refresh (1-3 vehicle ids, 36-60 months, page size 100: spec 002 s7) when `vehicleIds` are given;
 * `wideTerms` adds searches over all terms (36-60 months) without vehicle ids.
 */
export function randomFilters(r: () => number, makes: Map<string, string[]>, cabs: string[], vehicleIds: string[] = [], wideTerms = false): Filters {
  if (vehicleIds.length && r() < 0.1) {
    const ids = Array.from({ length: 1 + Math.floor(r() * 3) }, () => vehicleIds[Math.floor(r() * vehicleIds.length)]);
    return { catalogVehicleId: [...new Set(ids)], minDuration: 36, maxDuration: 60, pageSize: 100, currentPage: 1 };
  }
  const pickSome = <T>(list: T[], p: number) => list.filter(() => r() < p);
  const f: Filters = {};
  if (r() < 0.5) {
    const chosen = pickSome([...makes.keys()], 0.25);
    f.pair = chosen.map((make) => {
      const models = makes.get(make)!;
      const some = r() < 0.5 ? pickSome(models, 0.5) : [];
      return some.length ? `${make}:${some.join(',')}` : make;
    });
  }
  if (r() < 0.4) f.vehicleFueltype = pickSome(['ELECTRIC', 'HYBRID', 'PETROL', 'DIESEL'], 0.5);
  if (r() < 0.4) f.vehicleBodytype = pickSome(['SEDAN', 'VAN', 'SUV', 'UTE'], 0.5);
  if (f.vehicleBodytype?.includes('UTE') && r() < 0.6) f.cabType = pickSome(cabs, 0.4);
  if (r() < 0.2) f.vehicleSeats = pickSome([2, 3, 5, 7, 8], 0.5);
  const range = r();
  if (range < 0.3) {
    f.vehicleMinRRP = 20000 * Math.floor(r() * 3);
    f.vehicleMaxRRP = 20000 * (3 + Math.floor(r() * 4));
  } else if (range < 0.5) {
    f.budgetType = r() < 0.7 ? 'weekly' : 'monthly';
    const scale = f.budgetType === 'monthly' ? 4 : 1;
    f.minBudget = 100 * Math.floor(r() * 3) * scale;
    f.maxBudget = 100 * (3 + Math.floor(r() * 8)) * scale;
  }
  // The search sends one lease term (48 by default, spec 000 s9); the 36-60 range is the shortlist refresh.
  if (wideTerms && r() < 0.15) {
    // Not a call the pages make (stress: three times the rows to filter, count and sort).
    f.minDuration = 36;
    f.maxDuration = 60;
  } else if (r() < 0.3) f.minDuration = f.maxDuration = [36, 48, 60][Math.floor(r() * 3)];
  f.sortBy = (['vehicle_description', 'consumer_price', 'week_leaseprice'] as const)[Math.floor(r() * 3)];
  f.sortOrder = r() < 0.5 ? 'asc' : 'desc';
  f.pageSize = [10, 25, 50, 100][Math.floor(r() * 4)];
  f.currentPage = 1 + Math.floor(r() * r() * 8);
  for (const k of Object.keys(f) as (keyof Filters)[]) if (Array.isArray(f[k]) && (f[k] as unknown[]).length === 0) delete f[k];
  return f;
}
