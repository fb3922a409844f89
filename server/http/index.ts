/** HTTP-level features: the static site and the stale-build check. */
export { staticSite } from './use-static-site';
export { ensureFrontEndBuilt, frontEndIsStale } from './ensureBuild';
