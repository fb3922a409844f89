export { validateForm, withoutEmpty, type CompiledValidator, type FormRule, type ValidateFormOptions } from './validateForm';
export { prepareSchema, formatPattern, FORM_KEYWORDS } from './prepareSchema';
export { fieldPathOf, schemaAtPath, childSchema, isIndexSegment, type ValidationErrorLike } from './fieldPath';
export { resolveMessageKey, messageKeyCandidates, namedFormatOf, KEYWORD_RANK, KEYWORD_KEY_PREFIX, DEFAULT_MESSAGE_KEY, type MessageQuery, type MessageSources } from './resolveMessage';
export { interpolate, fillPlaceholders, placeholdersIn } from './interpolate';
export { schemaRules, failingRules } from './schemaRules';
export { caseInsensitivePattern } from './caseInsensitive';
export { toErrorSchema, type ErrorTree } from './toErrorSchema';
export { warnMissingText, WARNING_PREFIX, type MissingText } from './missingText';
