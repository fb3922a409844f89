/** Brand selection by Host header, and each brand's public origin. */
export { brandRegistry, type BrandContext, type BrandRegistry, type OriginDefaults } from './brandRegistry';
export { onPublicOrigin } from './publicUrl';
