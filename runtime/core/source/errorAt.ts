import type { DefinitionError, SourceMaps } from '../types';
import { positionOf } from './parseSource';

/** Build a {@link DefinitionError} for `file` at `pointer`, looking its position up in the source maps. */
export function errorAt(sources: SourceMaps, file: string, pointer: string, message: string, hint?: string): DefinitionError {
  const [line, column, inFile, useLine] = positionOf(sources[file], pointer);
  if (inFile === undefined) return hint === undefined ? { file, line, column, pointer, message } : { file, line, column, pointer, message, hint };
  // A fragment's content: found where it is written, the flow's use named (a mistake may be the use's context).
  const used = `in ${file} through its use at line ${useLine ?? 1}`;
  return { file: inFile, line, column, pointer, message, hint: hint === undefined ? used : `${hint}; ${used}` };
}

/** Format an error as `file:line:column: message (hint)` for terminals and editors. */
export function formatError(error: DefinitionError): string {
  const where = `${error.file}:${error.line}:${error.column}`;
  const pointer = error.pointer ? ` at ${error.pointer}` : '';
  return `${where}: ${error.message}${pointer}${error.hint ? ` (${error.hint})` : ''}`;
}
