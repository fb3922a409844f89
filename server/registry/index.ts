/** Business registry provider (business-number and name lookup per region) and its sandbox. */
export { sandboxBusinessRegistry, type BusinessRegistry, type BusinessQuery, type BusinessRow, type BusinessLookupStatus } from './businessRegistry';
