import type { DefinitionError, DefinitionSet, JsonSchema } from '../types';
import { errorAt, escapeSegment, toPointer } from '../source';
import { lintLayers } from './lintLayers';
import { eachBlock } from '../flow/walkFlow';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Fields a form requires but its uiSchema hides (`ui:widget: hidden`) with no `default` in the schema and no
 * `initial` value from a form block showing it: nobody can fill them, so the form can never be sent. Checked on
 * each selection's merged schema; placed at the `ui:widget`, or at the `required` entry when a layer required it.
 */
export function checkHiddenRequired(defs: DefinitionSet, selections: Record<string, string>[]): DefinitionError[] {
  // Schema id -> the top-level fields some form block gives an `initial` value.
  const initial = new Map<string, Set<string>>();
  for (const flow of Object.values(defs.flows)) {
    for (const { block } of eachBlock(flow)) {
      if (block?.type !== 'form') continue;
      const names = initial.get(block.schema) ?? new Set<string>();
      for (const name of Object.keys(block.initial ?? {})) names.add(name);
      initial.set(block.schema, names);
    }
  }
  const out: DefinitionError[] = [];
  for (const selection of selections.length ? selections : [{}]) {
    const layers = lintLayers(defs, selection);
    for (const [id, ui] of Object.entries(defs.uiSchemas)) {
      const walk = (uiNode: unknown, schema: JsonSchema | undefined, uiPointer: string, schemaPointer: string, top: boolean) => {
        if (!isObject(uiNode) || !isObject(schema) || !isObject(schema.properties)) return;
        const required = Array.isArray(schema.required) ? schema.required : [];
        for (const [name, child] of Object.entries(uiNode)) {
          if (name.startsWith('ui:') || !(name in schema.properties)) continue;
          const field = schema.properties[name] as JsonSchema;
          const at = `${uiPointer}${toPointer([name])}`;
          if (isObject(child) && child['ui:widget'] === 'hidden' && required.includes(name) && field?.default === undefined && !(top && initial.get(id)?.has(name))) {
            const message = `schema '${id}': required field '${name}' is hidden (ui:widget: hidden) and has no default: the form can never be sent`;
            const hint = `give '${name}' a default in the schema, an initial value in the form block, show it, or take it out of required`;
            const origin = layers.provenance(`/schemas/${escapeSegment(id)}${schemaPointer}/required/${required.indexOf(name)}`);
            out.push(origin?.layer ? { file: origin.file, line: origin.line, column: origin.column, pointer: origin.pointer, message, hint } : errorAt(defs.sources, `schemas/${id}.ui.json`, `${at}/ui:widget`, message, hint));
          }
          walk(child, field, at, `${schemaPointer}${toPointer(['properties', name])}`, false);
        }
      };
      walk(ui, layers.schemas[id], '', '', true);
    }
  }
  return out;
}
