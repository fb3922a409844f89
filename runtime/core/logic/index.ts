export { evaluate, evaluateTemplate, templateParts, truthy, holds, setRuntimeLogic, runtimeLogic } from './evaluate';
export { createLogic, type LogicInstance, type LogicOptions } from './createLogic';
export { coreLogicOps, BUILTIN_LOGIC_OPS, type LogicOp, type LogicOps } from './ops';
export { varPaths, pathsOverlap, logicOperators, ANY_PATH } from './dependencies';
export { createRuleSet, type RuleSet } from './ruleSet';
