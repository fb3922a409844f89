import type { SourcePosition } from '../definitionSet';
import { LineCounter, parseDocument, isAlias, isMap, isSeq, isScalar, isPair, type Node } from 'yaml';
import type { DefinitionError } from '../types';
import { toPointer } from './pointer';

/** A parsed YAML or JSON file with the position of every value. */
export interface ParsedSource {
  file: string;
  value: unknown;
  /** JSON pointer -> [line, column] of the value (or of its key when the value is a collection). */
  positions: Record<string, [number, number]>;
  errors: DefinitionError[];
}

/** Parse YAML (or JSON, which YAML 1.2 reads) keeping positions for every JSON pointer. */
export function parseSource(file: string, text: string): ParsedSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true, merge: true });
  const positions: Record<string, [number, number]> = {};
  const at = (offset: number): [number, number] => {
    const pos = lineCounter.linePos(offset);
    return [pos.line, pos.col];
  };
  const errors: DefinitionError[] = doc.errors.map((e) => {
    const [line, column] = at(e.pos[0]);
    return { file, line, column, pointer: '', message: e.message.split('\n')[0], hint: 'fix the YAML/JSON syntax' };
  });
  // What an alias (`*name`) or a merge key (`<<: *name`) repeats is placed where its anchor wrote it: a mistake
  // inside an anchored expression is on the anchor's line, wherever the expression is used again.
  const walk = (node: unknown, path: (string | number)[], keyOffset?: number, depth = 0): void => {
    const pointer = toPointer(path);
    const n = node as Node | null | undefined;
    const start = n?.range?.[0];
    const collection = isMap(n) || isSeq(n);
    const offset = collection && keyOffset !== undefined ? keyOffset : (start ?? keyOffset ?? 0);
    positions[pointer] ??= at(offset);
    if (isAlias(n) && depth < 20) {
      const target = n.resolve(doc);
      if (isMap(target) || isSeq(target)) walkChildren(target, path, depth + 1);
    } else if (isMap(n) || isSeq(n)) walkChildren(n, path, depth);
  };
  const walkChildren = (n: Node, path: (string | number)[], depth: number): void => {
    if (isMap(n)) {
      const merges: Node[] = [];
      for (const item of n.items) {
        if (!isPair(item)) continue;
        const key = isScalar(item.key) ? String(item.key.value) : String(item.key);
        const keyNode = item.key as Node | null;
        // A merge key reads as the symbol `<<` (merge: true) or the text '<<'.
        if ((key === '<<' || key === 'Symbol(<<)') && isAlias(item.value)) merges.push(item.value);
        else walk(item.value, [...path, key], keyNode?.range?.[0], depth);
      }
      // Merged keys after the map's own (which win, as in the value); a key already placed keeps its place.
      for (const merge of merges) {
        const target = isAlias(merge) && depth < 20 ? merge.resolve(doc) : undefined;
        if (isMap(target)) walkChildren(target, path, depth + 1);
      }
    } else if (isSeq(n)) {
      n.items.forEach((child, index) => walk(child, [...path, index], undefined, depth));
    }
  };
  walk(doc.contents, []);
  const value = errors.length > 0 ? undefined : doc.toJS({ maxAliasCount: 100 });
  return { file, value, positions, errors };
}

/** Position of a pointer, falling back to the nearest ancestor that has one. */
export function positionOf(positions: Record<string, SourcePosition> | undefined, pointer: string): SourcePosition {
  if (!positions) return [1, 1];
  let current = pointer;
  for (;;) {
    const found = positions[current];
    if (found) return found;
    if (current === '') return [1, 1];
    current = current.slice(0, current.lastIndexOf('/'));
  }
}
