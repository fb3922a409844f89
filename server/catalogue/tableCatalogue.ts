/**
 * The rate-book catalogue over the `ratebook` and `make_model_cache` tables (the embedded sandbox; a real
 * catalogue service would implement {@link RatebookCatalogue} over its API). Every search answers its page
 * and the exact count of all matches, computed per query (no cache).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db';
import type { SearchPlan } from './searchPlan';

/** A rate-book row in the API's field names (RatebookRow in catalogue.graphql). */
export type RatebookApiRow = Record<string, string | number | null>;

/** A make/model cache row in the API's field names. */
export interface MakeModelApiRow {
  id: string;
  brokerId: string | null;
  make: string;
  model: string;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
}

/** A page of a search and the exact number of matches. */
export interface RatebookPage {
  rows: RatebookApiRow[];
  totalCount: number;
}

/** The rate-book catalogue provider. */
export interface RatebookCatalogue {
  /** Provider name, e.g. `sandbox`. */
  readonly name: string;
  /** One page of the matches of a plan, and their exact count. */
  search(plan: SearchPlan): Promise<RatebookPage>;
  /** The makes and models of a country (upper case), sorted. */
  makeModels(country: string): Promise<MakeModelApiRow[]>;
}

/** API field -> column. */
const FIELDS: Record<string, string> = {
  id: 'id', referenceId: 'reference_id', catalogVehicleId: 'catalog_vehicle_id', quotationTemplateId: 'quotation_template_id',
  catalogPrice: 'catalog_price', consumerPrice: 'consumer_price', monthLeaseprice: 'month_leaseprice', weekLeaseprice: 'week_leaseprice',
  fiscalValue: 'fiscal_value', netPrice: 'net_price', discountRate: 'discount_rate', discountAmount: 'discount_amount',
  excessDistancePrice: 'excess_distance_price', distance: 'distance', distanceUnit: 'distance_unit', duration: 'duration',
  durationUnit: 'duration_unit', creationDate: 'creation_date', leasecompany: 'leasecompany', catalogYear: 'catalog_year',
  vehicleDescription: 'vehicle_description', vehicleMake: 'vehicle_make', vehicleModel: 'vehicle_model', vehicleCategory: 'vehicle_category',
  vehicleNaturegroup: 'vehicle_naturegroup', cabType: 'cab_type', vehicleTrim: 'vehicle_trim', vehicleBodystyle: 'vehicle_bodystyle',
  vehicleBodytype: 'vehicle_bodytype', vehicleNrofdoors: 'vehicle_nrofdoors', vehicleDrivetrain: 'vehicle_drivetrain',
  vehicleWheelbase: 'vehicle_wheelbase', vehicleTransmissiongroup: 'vehicle_transmissiongroup', vehicleTransmission: 'vehicle_transmission',
  vehiclePrimaryfueltype: 'vehicle_primaryfueltype', vehicleNrofseats: 'vehicle_nrofseats', vehicleSeats: 'vehicle_nrofseats',
  vehicleFueltype: 'vehicle_fueltype', brokerId: 'broker_id', brokerName: 'broker_name', jatoImagepath: 'jato_imagepath',
  jatoImagepathTrim: 'jato_imagepath_trim', jatoImagepathBase: 'jato_imagepath_base',
};
const SELECT = sql.raw(Object.entries(FIELDS).map(([field, column]) => (field === 'creationDate' ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "${field}"` : `${column} AS "${field}"`)).join(', '));

/**
 * A PostgreSQL array literal parameter (`{"A","B"}`): the drivers JSON-encode JS arrays, and one array
 * parameter keeps the SQL text (and so the prepared statement) the same whatever the list's length.
 */
export function arrayLiteral(values: readonly (string | number)[]): string {
  return `{${values.map((v) => (typeof v === 'number' ? String(v) : `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`)).join(',')}}`;
}
const texts = (values: readonly string[]) => sql`cast(${arrayLiteral(values)} as text[])`;
const ints = (values: readonly number[]) => sql`cast(${arrayLiteral(values)} as int[])`;

/** The WHERE conditions of a plan. */
export function conditions(plan: SearchPlan): RawBuilder<unknown>[] {
  const c: RawBuilder<unknown>[] = [
    sql`country_code = ${plan.country}`,
    sql`distance = ${plan.distance}`,
    plan.minDuration === plan.maxDuration ? sql`duration = ${plan.minDuration}` : sql`duration between ${plan.minDuration} and ${plan.maxDuration}`,
  ];
  if (plan.byMake) {
    const makes = [...new Set([...plan.wholeMakes, ...plan.makeModels.map((p) => p.slice(0, p.indexOf(':')))])];
    c.push(sql`upper(vehicle_make) = any(${texts(makes)})`);
    if (plan.makeModels.length && plan.wholeMakes.length) {
      c.push(sql`(upper(vehicle_make) = any(${texts(plan.wholeMakes)}) or upper(vehicle_make) || ':' || upper(vehicle_model) = any(${texts(plan.makeModels)}))`);
    } else if (plan.makeModels.length) {
      c.push(sql`upper(vehicle_make) || ':' || upper(vehicle_model) = any(${texts(plan.makeModels)})`);
    }
  }
  if (plan.fuel) c.push(sql`upper(vehicle_fueltype) = any(${texts(plan.fuel)})`);
  if (plan.body) c.push(sql`upper(vehicle_bodytype) = any(${texts(plan.body)})`);
  if (plan.cab) c.push(sql`(upper(vehicle_bodytype) not in ('UTE', 'UTILITY') or upper(cab_type) = any(${texts(plan.cab)}))`);
  if (plan.seats) c.push(sql`vehicle_nrofseats = any(${ints(plan.seats)})`);
  if (plan.driveTrain) c.push(sql`upper(vehicle_drivetrain) = any(${texts(plan.driveTrain)})`);
  if (plan.transmission) c.push(sql`upper(vehicle_transmissiongroup) = any(${texts(plan.transmission)})`);
  if (plan.vehicleIds) c.push(sql`catalog_vehicle_id = any(${texts(plan.vehicleIds)})`);
  if (plan.range) {
    const col = sql.ref(plan.range.column);
    if (plan.range.min !== null) c.push(sql`${col} >= ${plan.range.min}`);
    if (plan.range.max !== null) c.push(sql`${col} <= ${plan.range.max}`);
  }
  return c;
}

/** The catalogue over the database tables. */
export function tableCatalogue(db: Kysely<Database>): RatebookCatalogue {
  return {
    name: 'sandbox',
    async search(plan) {
      const where = sql.join(conditions(plan), sql` and `);
      const dir = sql.raw(plan.sort.desc ? 'desc' : 'asc');
      const offset = (plan.page - 1) * plan.pageSize;
      const col = sql.ref(plan.sort.column);
      // One statement (prepared once per shape), one pass over the slice: the matches' ids and sort keys come
      // from the covering slice index (index-only), their count and the page's ids from that set, and only
      // the page's rows (at most 100) are read from the table. An empty page still answers the count.
      const result = await sql<RatebookApiRow & { __total: number }>`
        with m as materialized (select id, ${col} as k from ratebook where ${where}),
             p as (select id, k from m order by k ${dir}, id ${dir} limit ${plan.pageSize} offset ${offset})
        select c.n as "__total", r.* from (select count(*)::int as n from m) c
        left join (select p.k as "__k", ${SELECT} from p join ratebook using (id)) r on true
        order by r."__k" ${dir}, r.id ${dir}`.execute(db);
      const totalCount = Number(result.rows[0]?.__total ?? 0);
      const rows = result.rows.filter((r) => r.id !== null).map(({ __total: _t, __k: _k, ...row }) => row as RatebookApiRow);
      return { rows, totalCount };
    },
    async makeModels(country) {
      const rows = await db
        .selectFrom('make_model_cache')
        .select(['id', 'broker_id', 'make', 'model', 'created_at', 'updated_at', 'created_by', 'updated_by'])
        .where('country_code', '=', country)
        .orderBy('make')
        .orderBy('model')
        .execute();
      return rows.map((r) => ({
        id: String(r.id), brokerId: r.broker_id, make: r.make, model: r.model,
        createdAt: r.created_at.toISOString(), updatedAt: r.updated_at.toISOString(), createdBy: r.created_by, updatedBy: r.updated_by,
      }));
    },
  };
}
