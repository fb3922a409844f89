/**
 * The calculator's functions (spec 002): shortlist membership, the rate-book row of a shortlisted
 * vehicle, which makes the filter offers and the search asks for. Definitions call them by name.
 */
import { defineFunction } from '../../runtime/core/functions';

type Row = Record<string, unknown>;
const rows = (list: unknown): Row[] => (Array.isArray(list) ? list.filter((r): r is Row => Boolean(r) && typeof r === 'object') : []);
const idOf = (vehicle: unknown): unknown => (vehicle && typeof vehicle === 'object' ? (vehicle as Row).catalogVehicleId : undefined);
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const filled = (list: unknown): list is unknown[] => Array.isArray(list) && list.length > 0;

/** Whether a list of vehicles holds the vehicle (same catalogue id). */
export const hasVehicle = defineFunction({
  name: 'hasVehicle',
  signature: '(vehicles: list, vehicle: object) => boolean',
  description: 'whether the vehicles hold one with the catalogue id of vehicle',
  fn: (vehicles: unknown, vehicle: unknown): boolean => {
    const id = idOf(vehicle);
    return id !== undefined && id !== null && rows(vehicles).some((v) => v.catalogVehicleId === id);
  },
});

/** The list without the vehicle (every entry with its catalogue id left out). */
export const withoutVehicle = defineFunction({
  name: 'withoutVehicle',
  signature: '(vehicles: list, vehicle: object) => list',
  description: 'the vehicles without those of the catalogue id of vehicle',
  fn: (vehicles: unknown, vehicle: unknown): unknown[] => (Array.isArray(vehicles) ? vehicles.filter((v) => idOf(v) !== idOf(vehicle)) : []),
});

/** The rate book's row of the vehicle at the lease term (details, RRP and prices as they are now), else the vehicle as kept. */
export const rateRow = defineFunction({
  name: 'rateRow',
  signature: '(rateRows: list, vehicle: object, term: number) => object',
  description: "the rate book's row of vehicle at term, else vehicle itself",
  fn: (rateRows: unknown, vehicle: unknown, term: unknown): unknown =>
    rows(rateRows).find((r) => same(r.catalogVehicleId, idOf(vehicle)) && same(r.duration, term)) ?? vehicle ?? null,
});

/** The makes the filter offers: the brand's enabled makes, else every make of the make/model rows (once each). */
export const makeOptions = defineFunction({
  name: 'makeOptions',
  signature: '(enabledMakes: list, makeModelRows: list) => list',
  description: 'the enabled makes when the brand limits them, else each make of the make/model rows once',
  fn: (enabledMakes: unknown, makeModelRows: unknown): unknown[] =>
    filled(enabledMakes) ? enabledMakes : [...new Set(rows(makeModelRows).map((r) => r.make))],
});

/**
 * The makes a rate-book search asks for (000 s5): the query's makes; else, when the brand limits makes and
 * the query has no make/model pairs, the enabled makes; else none (null: not sent).
 */
export const searchMakes = defineFunction({
  name: 'searchMakes',
  signature: '(queryMakes: list, pairMakes: list, enabledMakes: list) => list',
  description: "the query's makes; else the enabled makes when no make/model pair is asked for; else null",
  fn: (queryMakes: unknown, pairMakes: unknown, enabledMakes: unknown): unknown[] | null => {
    if (filled(queryMakes)) return queryMakes;
    return filled(enabledMakes) && !filled(pairMakes) ? enabledMakes : null;
  },
});

export const calculatorFunctions = [hasVehicle, withoutVehicle, rateRow, makeOptions, searchMakes];
