/** HTTP-level features: the Node server (malformed Host and parser refusals answered), the static site, the stale-build check. */
export { createHttpServer } from './httpServer';
export { staticSite } from './staticSite';
export { ensureFrontEndBuilt, frontEndIsStale, SERVER_ENTRY } from './ensureBuild';
