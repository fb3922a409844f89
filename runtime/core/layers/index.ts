export { resolveLayers } from './resolveLayers';
export { layerChoices, layerCombinations, fillPattern, placeholdersOf } from './layerChoices';
export { mergeInto, type WriteLog, type WriteRecord } from './mergeLayer';
