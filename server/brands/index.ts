/** Brand selection by Host header, each brand's public origin, `/brand.json` (its texts and settings) and the app's page carrying them. */
export { brandRegistry, DEFAULT_HOST, type BrandContext, type BrandRegistry, type OriginDefaults } from './brandRegistry';
export { BRAND_DOCUMENT_PATH, brandDocument, brandDocumentRoute } from './brandDocument';
export { brandPage, withHeadBlock } from './brandPage';
export { onPublicOrigin } from './publicUrl';
export { BRAND_ASSETS_PATH, brandAssets } from './brandAssets';
export { imageFileSize, withImageSizes, type ImageSize } from './imageSizes';
