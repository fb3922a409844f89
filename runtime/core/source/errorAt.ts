import type { DefinitionError, SourceMaps } from '../types';
import { positionOf } from './parseSource';

/** Build a {@link DefinitionError} for `file` at `pointer`, looking its position up in the source maps. */
export function errorAt(sources: SourceMaps, file: string, pointer: string, message: string, hint?: string): DefinitionError {
  const [line, column] = positionOf(sources[file], pointer);
  return hint === undefined ? { file, line, column, pointer, message } : { file, line, column, pointer, message, hint };
}

/** Format an error as `file:line:column: message (hint)` for terminals and editors. */
export function formatError(error: DefinitionError): string {
  const where = `${error.file}:${error.line}:${error.column}`;
  const pointer = error.pointer ? ` at ${error.pointer}` : '';
  return `${where}: ${error.message}${pointer}${error.hint ? ` (${error.hint})` : ''}`;
}
