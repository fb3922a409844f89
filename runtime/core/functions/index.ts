import { lastPage, pageRange } from './paging';
import { keyed, pick } from './objects';
import { nullIf, roundUpToStep } from './values';
import { luminance } from './colours';
import type { FunctionDef } from './defineFunction';

export { defineFunction, parseSignature, arity, signaturesOf, type FunctionDef, type FunctionParam, type Signature } from './defineFunction';
export { lastPage, pageRange } from './paging';
export { keyed, pick } from './objects';
export { nullIf, roundUpToStep } from './values';
export { luminance, rgbOf } from './colours';

/** The runtime's generic functions, usable in every definition (product ones: extensions/functions). */
export const coreFunctions: readonly FunctionDef[] = [lastPage, pageRange, pick, keyed, nullIf, roundUpToStep, luminance];
