import { loadDefinitions, type LoadResult } from '../core/load';
import { readDefinitions } from './readDefinitions';

/** Read and load a definitions folder in one call (server start-up, scripts, tests). */
export function loadDefinitionsFromDir(root: string): LoadResult {
  return loadDefinitions(readDefinitions(root));
}
