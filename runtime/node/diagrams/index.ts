export { flowchartOf, type DiagramView } from './flowchart';
export { statusDiagramOf } from './statusDiagram';
export { logicLabel, mermaidEscape, type KnownRoots } from './logicLabel';
export { flowDiagram, flowDiagrams, selectionLabel, type DiagramVariant, type FlowDiagrams } from './flowDiagrams';
export { diagramFiles } from './diagramFiles';
