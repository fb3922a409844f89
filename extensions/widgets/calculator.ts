/** The calculator's block widgets, one chunk loaded on the calculator pages (extensions/index.ts). */
export { BusinessLookup } from './BusinessLookup';
export { Pager } from './Pager';
export { VehicleCard } from './VehicleCard';
