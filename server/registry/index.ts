/** Business registry provider (ABN / NZBN lookup) and its sandbox. */
export { sandboxBusinessRegistry, businessNumberOf, validBusinessNumber, type BusinessRegistry, type BusinessQuery, type BusinessRow, type BusinessLookupStatus } from './businessRegistry';
