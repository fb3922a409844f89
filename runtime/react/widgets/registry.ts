import type { ComponentType } from 'react';
import { eachBlock } from '../../core/flow/walkFlow';
import { BUILT_IN_FIELD_WIDGETS } from '../../core/lint/knownNames';
import type { BlockWidgetProps, RuntimeBundle, WidgetRegistry } from '../types';

/** Thrown when YAML names a widget nobody registered; the message lists the known ones. */
export class UnknownWidgetError extends Error {
  constructor(name: string, kind: 'field' | 'block', known: string[], where?: string) {
    super(`unknown ${kind} widget '${name}'${where ? ` in ${where}` : ''}; known ${kind} widgets: ${known.sort().join(', ') || '(none)'}`);
    this.name = 'UnknownWidgetError';
  }
}

/**
 * Builds the one widget registry from the extensions' records (names are what YAML uses).
 * @example
 * const widgets = createWidgetRegistry({ blocks: { contactBox: ContactBox }, fields: { upperCaseText: UpperCaseText } });
 */
export function createWidgetRegistry(parts: Partial<WidgetRegistry> = {}): WidgetRegistry {
  return { fields: { ...parts.fields }, blocks: { ...parts.blocks } };
}

/** The block widget registered under `name`, or an {@link UnknownWidgetError}. */
export function getBlockWidget(registry: WidgetRegistry, name: string): ComponentType<BlockWidgetProps> {
  const widget = registry.blocks[name];
  if (!widget) throw new UnknownWidgetError(name, 'block', Object.keys(registry.blocks));
  return widget;
}

function* uiWidgets(ui: unknown, pointer: string): Generator<[string, string]> {
  if (!ui || typeof ui !== 'object') return;
  for (const [key, value] of Object.entries(ui)) {
    if (key === 'ui:widget' && typeof value === 'string') yield [value, pointer];
    else if (!key.startsWith('ui:') || key === 'ui:options') yield* uiWidgets(value, `${pointer}/${key}`);
  }
}

/**
 * Checks every widget name a bundle references (block widgets anywhere in a flow: steps, containers,
 * layout; `ui:widget` in uiSchemas) against the registry plus core's built-in field widgets;
 * returns one error per unknown name.
 */
export function checkWidgetReferences(bundle: Pick<RuntimeBundle, 'flows' | 'uiSchemas'>, registry: WidgetRegistry): UnknownWidgetError[] {
  const errors: UnknownWidgetError[] = [];
  for (const flow of Object.values(bundle.flows)) {
    for (const { block, step, pointer } of eachBlock(flow)) {
      if (block?.type === 'widget' && !registry.blocks[block.widget]) {
        const where = step ? `flow '${flow.id}' step '${step}'` : `flow '${flow.id}' ${pointer}`;
        errors.push(new UnknownWidgetError(block.widget, 'block', Object.keys(registry.blocks), where));
      }
    }
  }
  const fields = [...BUILT_IN_FIELD_WIDGETS, ...Object.keys(registry.fields)];
  for (const [schemaId, ui] of Object.entries(bundle.uiSchemas)) {
    for (const [name, pointer] of uiWidgets(ui, '')) {
      if (!fields.includes(name)) errors.push(new UnknownWidgetError(name, 'field', fields, `schemas/${schemaId}.ui.json#${pointer}`));
    }
  }
  return errors;
}
