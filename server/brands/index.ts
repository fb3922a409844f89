/** Brand selection by Host header. */
export { brandRegistry, type BrandContext, type BrandRegistry } from './brandRegistry';
