/** HTTP-level features: the Node server (malformed Host and parser refusals answered), the static site, the server-render entry's file. */
export { createHttpServer } from './httpServer';
export { answerPage, staticSite } from './staticSite';
export { formPosts } from './formPosts';
export { SERVER_ENTRY } from './serverEntry';
export { inProcessGraphQL } from './inProcessGraphQL';
