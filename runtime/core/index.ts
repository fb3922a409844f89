/**
 * runtime/core: the framework-free heart of the runtime. Everything here is pure and browser-safe
 * except `loadDefinitions` (ajv meta-validation), which lives in `./load` so browser bundles that
 * import this index do not pull ajv in. Server and scripts: `import { loadDefinitions } from 'runtime/core/load'`.
 */
export type * from './types';
export type * from './bundle';
export * from './source';
export * from './layers';
export * from './messages';
export * from './logic';
export * from './flow';
export * from './chain';
export * from './lint';
export * from './query';
export * from './functions';
export * from './html';
export * from './versions';
export * from './slider';
