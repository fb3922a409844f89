/** The rate-book catalogue: search plans, the table-backed provider, the calculator's rules. */
export { calculatorRules, type CalculatorRules } from './calculatorRules';
export { searchPlan, FilterError, type RatebookFilters, type SearchPlan, type SortColumn } from './searchPlan';
export { tableCatalogue, conditions, arrayLiteral, type RatebookCatalogue, type RatebookPage, type RatebookApiRow, type MakeModelApiRow } from './tableCatalogue';
