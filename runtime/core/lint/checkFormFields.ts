import type { DefinitionError, DefinitionSet, JsonSchema } from '../types';
import { didYouMean, errorAt, toPointer } from '../source';
import { schemaAtPath } from '../messages/fieldPath';
import { eachBlock } from '../flow/walkFlow';

const fieldsAt = (schema: JsonSchema | undefined) => Object.keys((schema?.properties as object) ?? {});

/** Field names that match nothing in their schema: uiSchema keys, form `messages` overrides, `rules[].field`. */
export function checkFormFields(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const [id, ui] of Object.entries(defs.uiSchemas)) {
    out.push(...checkUi(defs, `schemas/${id}.ui.json`, ui, defs.schemas[id], []));
  }
  for (const [flowId, flow] of Object.entries(defs.flows)) {
    const file = defs.flowFiles[flowId];
    for (const { block, pointer } of eachBlock(flow)) {
      if (block?.type !== 'form' || !defs.schemas[block.schema]) continue;
      const schema = defs.schemas[block.schema];
      const check = (field: string, at: string) => {
        if (field === '*' || schemaAtPath(schema, field)) return;
        const parent = field.includes('.') ? field.slice(0, field.lastIndexOf('.')) : '';
        out.push(errorAt(defs.sources, file, at, `field '${field}' is not in schema '${block.schema}'`, didYouMean(field.split('.').pop() as string, fieldsAt(schemaAtPath(schema, parent)))));
      };
      for (const field of Object.keys(block.messages ?? {})) check(field, `${pointer}${toPointer(['messages', field])}`);
      (block.rules ?? []).forEach((rule, i) => typeof rule?.field === 'string' && check(rule.field, `${pointer}/rules/${i}/field`));
    }
  }
  return out;
}

function checkUi(defs: DefinitionSet, file: string, ui: unknown, node: JsonSchema | undefined, at: string[]): DefinitionError[] {
  if (!ui || typeof ui !== 'object' || Array.isArray(ui) || !node) return [];
  const element = node.items && typeof node.items === 'object' && !Array.isArray(node.items) ? (node.items as JsonSchema) : undefined;
  const out: DefinitionError[] = [];
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:') || key === 'additionalProperties') continue;
    const child = key === 'items' && element ? element : schemaAtPath(node, key);
    if (!child) out.push(errorAt(defs.sources, file, toPointer([...at, key]), `uiSchema field '${key}' is not in the schema`, didYouMean(key, fieldsAt(node))));
    else out.push(...checkUi(defs, file, value, child, [...at, key]));
  }
  return out;
}
