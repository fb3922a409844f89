export { readDefinitions } from './readDefinitions';
export { loadDefinitionsFromDir } from './loadFromDisk';
export { cachePolicy, graphqlOperations, loadSdl, sdlTexts, operationDocument } from './graphqlSdl';
export { createBundle, type FlowFilter, type PreparedBundle } from './createBundle';
