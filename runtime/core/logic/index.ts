export { createLogic, truthy, type LogicInstance, type LogicOptions } from './createLogic';
export { templateParts } from './template';
export { formatNumber } from './formatNumber';
export { coreLogicOps, BUILTIN_LOGIC_OPS, type LogicOp, type LogicOps } from './ops';
export { varPaths, pathsOverlap, logicOperators, ANY_PATH } from './dependencies';
export { createRuleSet, type RuleSet } from './ruleSet';
