/** HTTP-level features: the Node server (malformed Host and parser refusals answered), the static site, the stale-build check. */
export { createHttpServer } from './httpServer';
export { answerPage, staticSite } from './staticSite';
export { formPosts } from './formPosts';
export { ensureFrontEndBuilt, frontEndIsStale, SERVER_ENTRY } from './ensureBuild';
