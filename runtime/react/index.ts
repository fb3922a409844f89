/** The browser runtime: renders flow definitions with React, React Router, rjsf and Fluent UI v9. */
export { FlowRunner, type FlowRunnerProps } from './FlowRunner';
export { useRuntime, loadKey, type PreloadedLoads, type SignInGate } from './RuntimeContext';
export { buildRoutes, type BuildRoutesOptions } from './flow/buildRoutes';
export { createWidgetRegistry, getBlockWidget, checkWidgetReferences, UnknownWidgetError } from './widgets/registry';
export { flowParts, flowsAt, type FlowParts } from './flow/flowParts';
export { useFieldState } from './form/formContext';
export { createTranslate, type Translate } from './messages/translate';
export type { BlockWidgetProps, EffectHandler, EffectRegistry, RuntimeBundle, ValidatorModule, WidgetRegistry } from './types';
export type { CompiledValidator } from './form/formStore';
export type { ValidatorLoader } from './form/validatorCache';
export { useStep, type StepServices } from './flow/StepContext';
export { createGraphQLClient, postGraphQL, BindingError, type GraphQLAnswer, type GraphQLClient, type GraphQLClientOptions } from './bindings/createGraphQLClient';
export { lazyComponent } from './blocks/lazyComponent';
export { submitOnServer, type ServerEffect, type ServerSubmitOptions } from './flow/submitOnServer';
export { usePageValue } from './state/usePageValue';
