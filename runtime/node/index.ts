export { readDefinitions } from './readDefinitions';
export { definitionVersion } from './definitionVersion';
export { loadDefinitionsFromDir } from './loadFromDisk';
export { cachePolicy, graphqlOperations, graphqlShapes, loadSdl, sdlTexts, operationDocument } from './graphqlSdl';
export { lintDir, lintFiles, type LintDirResult, type LintFilesOptions } from './lintDir';
export { createBundle, type FlowFilter, type PreparedBundle } from './createBundle';
export { flowchartOf, statusDiagramOf, logicLabel, mermaidEscape, flowDiagram, flowDiagrams, diagramFiles, selectionLabel, type DiagramView, type KnownRoots, type DiagramVariant, type FlowDiagrams } from './diagrams';
export { compileStandalone, createAjv, validatorName } from './compileStandalone';
export { generateFiles, writeGenerated, showDefinitionError, type Generated } from './generateFiles';
