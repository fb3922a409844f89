export { readDefinitions } from './readDefinitions';
export { loadDefinitionsFromDir } from './loadFromDisk';
export { graphqlOperations } from './graphqlOperations';
