export { evaluate, evaluateTemplate, templateParts, truthy, holds } from './evaluate';
export { coreLogicOps, registerLogicOps, registeredLogicOps, BUILTIN_LOGIC_OPS, type LogicOp, type LogicOps } from './ops';
export { varPaths, pathsOverlap, logicOperators, ANY_PATH } from './dependencies';
export { createRuleSet, type RuleSet } from './ruleSet';
