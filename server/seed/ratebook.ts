/** A deterministic rate-book generator: makes, models, trims, body and fuel types, prices and lease prices per term. */
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, RatebookTable } from '../db';
import { prng } from './prng';
import { catalogueModels, VEHICLE_IMAGE_DIR, vehicleImagePath } from './vehicleCatalogue';

/** Lease terms (months) and annual distances (km) priced per vehicle. */
export const DURATIONS = [36, 48, 60];
export const DISTANCES = [10_000, 15_000, 20_000, 25_000, 30_000, 40_000];
const COUNTRIES = ['AU', 'NZ'] as const;
const YEARS = [2022, 2023, 2024, 2025, 2026];
const DRIVETRAIN: Record<string, string[]> = { UTE: ['4WD', 'RWD'], SUV: ['FWD', '4WD'], SEDAN: ['FWD', 'RWD'], VAN: ['RWD', 'FWD'] };


const round2 = (n: number) => Math.round(n * 100) / 100;
const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)];

/** Generate `count` rate-book rows (rows per vehicle: countries x terms x distances). */
export function* ratebookRows(count: number, seed = 42): Generator<Insertable<RatebookTable>> {
  const models = catalogueModels();
  const r = prng(seed);
  let produced = 0;
  for (let v = 0; produced < count; v++) {
    const m = models[v % models.length];
    const trimIndex = Math.floor(v / models.length) % m.trims.length;
    const trim = m.trims[trimIndex];
    const year = YEARS[Math.floor(v / (models.length * 4)) % YEARS.length];
    const fuel = pick(r, m.fuel);
    const seats = pick(r, m.seats);
    const cab = m.cab ? pick(r, m.cab) : null;
    const transmission = m.body === 'UTE' && r() < 0.2 ? 'Manual' : 'Automatic';
    const drivetrain = fuel === 'ELECTRIC' ? 'RWD' : pick(r, DRIVETRAIN[m.body] ?? ['FWD']);
    const base = m.price * (1 + trimIndex * 0.12) * (1 + (year - 2022) * 0.03) * (0.95 + r() * 0.1);
    const cv = `CV${String(v + 1).padStart(7, '0')}`;
    const description = `${m.make} ${m.model} ${trim}${cab ? ` ${cab}` : ''} ${year}`;
    for (const country of COUNTRIES) {
      const rrp = Math.round(country === 'NZ' ? base * 1.08 : base);
      for (const duration of DURATIONS) {
        for (const distance of DISTANCES) {
          if (produced >= count) return;
          const residual = duration === 36 ? 0.55 : duration === 48 ? 0.45 : 0.36;
          const finance = (rrp * (1 - residual)) / duration + (rrp * 0.059) / 12;
          const running = (distance / 12) * (fuel === 'ELECTRIC' ? 0.05 : 0.09);
          const month = round2(finance + running);
          const discountRate = round2(r() * 5);
          produced++;
          yield {
            country_code: country,
            reference_id: `${country}-${cv}-${duration}-${distance}`,
            catalog_vehicle_id: cv,
            quotation_template_id: `QT-${country}-${duration}`,
            catalog_price: Math.round(rrp / 1.1),
            consumer_price: rrp,
            month_leaseprice: month,
            week_leaseprice: round2((month * 12) / 52),
            fiscal_value: Math.round(rrp / 1.1),
            net_price: Math.round((rrp / 1.1) * (1 - discountRate / 100)),
            discount_rate: discountRate,
            discount_amount: Math.round(((rrp / 1.1) * discountRate) / 100),
            excess_distance_price: round2(fuel === 'ELECTRIC' ? 0.08 : 0.12),
            distance,
            distance_unit: 'km',
            duration,
            duration_unit: 'months',
            leasecompany: 'Fleetform Leasing',
            catalog_year: year,
            vehicle_description: description,
            vehicle_make: m.make,
            vehicle_model: m.model,
            vehicle_category: m.body === 'UTE' || m.body === 'VAN' ? 'LCV' : 'PC',
            vehicle_naturegroup: m.body === 'UTE' || m.body === 'VAN' ? 'Commercial' : 'Passenger',
            cab_type: cab,
            vehicle_trim: trim,
            vehicle_bodystyle: m.body,
            vehicle_bodytype: m.body,
            vehicle_nrofdoors: m.body === 'VAN' ? 4 : cab === 'S/CAB' ? 2 : 4,
            vehicle_drivetrain: drivetrain,
            vehicle_wheelbase: m.body === 'VAN' ? pick(r, ['SWB', 'LWB']) : null,
            vehicle_transmissiongroup: transmission,
            vehicle_transmission: transmission === 'Manual' ? '6 SPEED MANUAL' : pick(r, ['6 SPEED AUTOMATIC', '8 SPEED AUTOMATIC', '10 SPEED AUTOMATIC', 'CVT']),
            vehicle_primaryfueltype: fuel,
            vehicle_nrofseats: seats,
            vehicle_fueltype: fuel,
            broker_id: `BRK-${country}`,
            broker_name: country === 'AU' ? 'Fleetform AU' : 'Fleetform NZ',
            // The demo images are per model (and ute cab): no trim or base image, so a card loads one file
            // (app/public/vehicles/, drawn by scripts/vehicleImages.ts) and never probes missing ones.
            jato_imagepath: vehicleImagePath(m.make, m.model, cab),
            jato_imagepath_trim: null,
            jato_imagepath_base: null,
          };
        }
      }
    }
  }
}

/** Insert `count` generated rows (existing reference ids are kept), then refresh the make/model cache and vacuum. */
export async function seedRatebook(db: Kysely<Database>, count: number, batch = 500): Promise<number> {
  let inserted = 0;
  let rows: Insertable<RatebookTable>[] = [];
  const flush = async () => {
    if (!rows.length) return;
    const res = await db.insertInto('ratebook').values(rows).onConflict((oc) => oc.column('reference_id').doNothing()).executeTakeFirst();
    inserted += Number(res.numInsertedOrUpdatedRows ?? 0);
    rows = [];
  };
  for (const row of ratebookRows(count)) {
    rows.push(row);
    if (rows.length >= batch) await flush();
  }
  await flush();
  // Rows an earlier seed wrote named trim and base images that never existed (/vehicles/<model>-base.jpg):
  // dropped once, so a database seeded before the demo images shipped stops probing them. Real data is untouched.
  await db.updateTable('ratebook').set({ jato_imagepath_trim: null, jato_imagepath_base: null })
    .where('jato_imagepath_base', 'like', `${VEHICLE_IMAGE_DIR}%-base.jpg`).execute();
  await db
    .insertInto('make_model_cache')
    .columns(['country_code', 'broker_id', 'make', 'model', 'created_by', 'updated_by'])
    .expression((eb) =>
      eb
        .selectFrom('ratebook')
        .select((s) => ['country_code', s.fn.max('broker_id').as('broker_id'), s.fn('upper', ['vehicle_make']).as('make'), s.fn('upper', ['vehicle_model']).as('model'), s.val('seed').as('created_by'), s.val('seed').as('updated_by')])
        .groupBy(['country_code', 'vehicle_make', 'vehicle_model']),
    )
    .onConflict((oc) => oc.columns(['country_code', 'make', 'model']).doNothing())
    .execute();
  // A bulk load ends with fresh statistics and a set visibility map: the search's count and page-id scans are
  // index-only (server/db/migrations/0002_catalogue.sql). PGlite has no autovacuum.
  if (inserted > 0) await sql`vacuum analyze ratebook`.execute(db);
  return inserted;
}
