/** HTTP-level features: the Node server (malformed Host and parser refusals answered), the static site, the server-render entry's file. */
export { createHttpServer } from './httpServer';
export { staticSite } from './staticSite';
export { SERVER_ENTRY } from './serverEntry';
