import type { DefinitionSet } from '../types';
import { coreFunctions, signaturesOf } from '../functions';
import { BUILTIN_LOGIC_OPS, coreLogicOps } from '../logic/ops';

/** Function name -> signature text: the runtime's generic functions and the manifest's `functions`. */
export function knownFunctions(defs: DefinitionSet): Record<string, string> {
  return { ...signaturesOf(coreFunctions), ...(defs.manifest?.functions ?? {}) };
}

/** Every logic operation name definitions may use: json-logic-js's, the runtime's, the manifest's, the functions. */
export function knownLogicNames(defs: DefinitionSet): string[] {
  return [...BUILTIN_LOGIC_OPS, ...Object.keys(coreLogicOps), ...(defs.manifest?.logicOps ?? []), ...Object.keys(knownFunctions(defs))];
}
