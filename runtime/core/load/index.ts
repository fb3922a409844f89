export { loadDefinitions, type LoadOptions, type LoadResult, type ParseCache } from './loadDefinitions';
export { classifyFile, patternRegex, schemaIdOf, CONFIG_FILE, META_DIR, FRAGMENT_DIR, type FileKind } from './classifyFiles';
export { checkReferences } from './checkReferences';
export { createFormAjv } from './formAjv';
export { checkLayerFiles } from './checkLayerFiles';
export { collectFragments, expandFragments, FRAGMENT_KINDS, type Fragment, type FragmentKind, type Fragments } from './expandFragments';
export { mappingFields, mappingTemplate, mappingEffects, sideRoot, type MappingDef, type MappingSide, type MappingField } from './mappings';
