/** Definitions as loaded by the server (runtime/core over the project's files). */
export { loadServerDefinitions, definitionsFromFiles, type ServerDefinitions } from './loadServerDefinitions';
