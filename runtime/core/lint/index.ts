export { lintDefinitions, type LintOptions, type LintResult } from './lintDefinitions';
export { collectReferences, UI_TEXT_KEYS, UI_LOGIC_KEYS, type Reference } from './collectReferences';
export { unreachableSteps, checkReachability } from './checkReachability';
export { checkNames, type KnownNames } from './checkNames';
export { checkLogicPaths, DEFAULT_CONTEXT_ROOTS } from './checkLogicPaths';
export { checkMessages } from './checkMessages';
export { STANDARD_WIDGETS, STANDARD_FORMATS } from './knownNames';
export { checkLayerKeys } from './checkLayerKeys';
export { checkFormFields } from './checkFormFields';
