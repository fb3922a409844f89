/** Regions of the definitions and the rules their layers give (business number and its validator). */
export { regionRegistry, type RegionRegistry, type RegionRules } from './regionRegistry';
