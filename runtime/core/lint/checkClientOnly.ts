import type { DefinitionError, DefinitionSet } from '../types';
import { errorAt } from '../source';
import { eachBlock } from '../flow/walkFlow';

/**
 * `clientOnly` blocks (content only the browser can show, a skeleton in a server render): on a block that also
 * has a `visibleWhen` (or `hiddenWhen`, `otherwise`, a chosen text: the loader writes them as one) the skeleton
 * stands whatever that says, so it could show where the block never does and vanish on hydration (the page
 * shifts); inside another `clientOnly` block it never shows (the outer skeleton stands for both); its `loads` are
 * loads of the block's step.
 */
export function checkClientOnly(defs: DefinitionSet): DefinitionError[] {
  const out: DefinitionError[] = [];
  for (const [id, flow] of Object.entries(defs.flows)) {
    const outer: string[] = [];
    for (const { block, pointer, step } of eachBlock(flow)) {
      if (!block || typeof block !== 'object' || block.clientOnly === undefined) continue;
      const at = `${pointer}/clientOnly`;
      const loads = Object.keys((step && flow.steps?.[step]?.load) || {});
      (block.clientOnly.loads ?? []).forEach((name, i) => {
        if (loads.includes(name)) return;
        out.push(errorAt(defs.sources, defs.flowFiles[id], `${at}/loads/${i}`,
          step ? `'clientOnly' waits for load '${name}', which step '${step}' does not have` : `'clientOnly' in the flow's layout waits for load '${name}': the layout's blocks belong to no step's loads`,
          loads.length ? `one of the step's loads: ${loads.join(', ')}` : 'name a load under the step\'s load:'));
      });
      if (block.visibleWhen !== undefined) {
        out.push(errorAt(defs.sources, defs.flowFiles[id], at,
          "'clientOnly' on a block with a visibleWhen: its skeleton shows whatever visibleWhen says and vanishes when the browser hides the block (the page shifts)",
          "put the block in a group and give the group 'clientOnly' (the skeleton then stands for whatever the group shows)"));
      }
      const inside = outer.find((p) => pointer.startsWith(`${p}/`));
      if (inside) {
        out.push(errorAt(defs.sources, defs.flowFiles[id], at,
          `'clientOnly' inside a block that is already clientOnly (${inside}): this skeleton never shows`,
          "remove this one: the outer block's skeleton stands for its whole content"));
      }
      outer.push(pointer);
    }
  }
  return out;
}
