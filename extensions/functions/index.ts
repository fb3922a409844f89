/**
 * Product functions definitions call by name (`{ rateRow: [rows, vehicle, term] }`), beside the runtime's
 * generic ones (runtime/core/functions). Pure TypeScript: the browser and the server both load them.
 * extensions/manifest.yaml lists each with its signature (tests/unit/extensions/functions.test.ts ties them).
 */
import type { FunctionDef } from '../../runtime/core/functions';
import { calculatorFunctions } from './calculator';

export const extensionFunctions: readonly FunctionDef[] = [...calculatorFunctions];
