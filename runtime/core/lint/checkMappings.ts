import type { DefinitionError, DefinitionSet } from '../types';
import type { JsonSchema } from '../definitionSet';
import { didYouMean, errorAt } from '../source';
import { mappingFields, type MappingSide } from '../load/mappings';

/** The names a side offers one level down a path, or `undefined` when that level is open (any name). */
type Names = (path: string[]) => string[] | undefined;

/** Field names of a JSON Schema along a path: `properties`; a level with none is open. */
function schemaNames(schema: JsonSchema): Names {
  return (path) => {
    let node: JsonSchema | undefined = schema;
    for (const part of path) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[part];
    const properties = node?.properties as Record<string, unknown> | undefined;
    return properties ? Object.keys(properties) : undefined;
  };
}

/**
 * Check every mapping's fields against its two sides: a schema side's fields must be properties of the
 * schema (nested with dots), a page-state side's first segment a state the step or flow declares. An
 * unknown field, schema, flow or step is a finding at the mapping's field, with the names there are.
 */
export function checkMappings(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const [name, { file, pointer, mapping }] of Object.entries(defs.mappings ?? {})) {
    const sideNames = (side: 'from' | 'to'): Names | undefined => {
      const def: MappingSide = mapping[side] ?? {};
      const at = `${pointer}/${side}`;
      if (def.schema !== undefined) {
        const schema = defs.schemas[def.schema];
        if (!schema) {
          out.push(errorAt(defs.sources, file, `${at}/schema`, `mapping '${name}': unknown schema '${def.schema}'`, didYouMean(def.schema, Object.keys(defs.schemas))));
          return undefined;
        }
        return schemaNames(schema);
      }
      if (def.record !== undefined) {
        const [root, ...below] = def.record.split('.');
        const schema = defs.schemas[defs.config.recordSchemas?.[root] ?? ''];
        if (!schema) {
          out.push(errorAt(defs.sources, file, `${at}/record`, `mapping '${name}': no record schema for '${root}'`, `record roots: ${Object.keys(defs.config.recordSchemas ?? {}).join(', ')}`));
          return undefined;
        }
        const names = schemaNames(schema);
        return (path) => names([...below, ...path]);
      }
      if (def.state !== undefined) {
        const [flowId, stepId] = def.state.split('.');
        const flow = defs.flows[flowId];
        if (!flow) {
          out.push(errorAt(defs.sources, file, `${at}/state`, `mapping '${name}': unknown flow '${flowId}'`, didYouMean(flowId, Object.keys(defs.flows))));
          return undefined;
        }
        const step = stepId === undefined ? undefined : flow.steps?.[stepId];
        if (stepId !== undefined && !step) {
          out.push(errorAt(defs.sources, file, `${at}/state`, `mapping '${name}': flow '${flowId}' has no step '${stepId}'`, didYouMean(stepId, Object.keys(flow.steps ?? {}))));
          return undefined;
        }
        const names = [...Object.keys(flow.state ?? {}), ...Object.keys(step?.state ?? {})];
        // A side at a state's member (`at: state.address`): that state must be declared; below it is open.
        const [, within] = (def.at ?? 'state').split('.');
        if (within !== undefined) {
          if (!names.includes(within)) out.push(errorAt(defs.sources, file, `${at}/at`, `mapping '${name}': '${within}' is not a state of '${def.state}'`, didYouMean(within, names)));
          return undefined;
        }
        return (path) => (path.length === 0 ? names : undefined);
      }
      return undefined; // the meta-schema requires one of schema, state
    };
    const sides = { from: sideNames('from'), to: sideNames('to') };
    const check = (side: 'from' | 'to', path: string, fieldPointer: string) => {
      const names = sides[side];
      if (!names) return;
      const parts = path.split('.');
      for (let i = 0; i < parts.length; i++) {
        const known = names(parts.slice(0, i));
        if (known && !known.includes(parts[i])) {
          const where = mapping[side].schema ? `schema '${mapping[side].schema}'` : mapping[side].record ? `record '${mapping[side].record}'` : `the state of '${mapping[side].state}'`;
          const hint = didYouMean(parts[i], known);
          out.push(errorAt(defs.sources, file, `${pointer}${fieldPointer}`, `mapping '${name}': '${parts.slice(0, i + 1).join('.')}' is not a field of ${where} (its '${side}' side)`, hint.startsWith('did you mean') ? hint : `fields there: ${known.join(', ')}`));
          return;
        }
        if (!known) return;
      }
    };
    for (const field of mappingFields(mapping)) {
      check('to', field.target, field.pointer);
      const from = field.sourcePath ?? (typeof field.source === 'string' ? field.source : undefined);
      if (from !== undefined) check('from', from, field.pointer);
    }
  }
  return out;
}
