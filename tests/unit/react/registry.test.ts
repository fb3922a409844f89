import { getDefaultRegistry } from '@rjsf/core';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_FIELD_WIDGETS, RJSF_FIELD_WIDGETS } from '../../../runtime/core/lint';
import type { FlowDef } from '../../../runtime/core/types';
import { checkWidgetReferences, createWidgetRegistry, getBlockWidget, UnknownWidgetError, type RuntimeBundle } from '../../../runtime/react';
import { themeWidgets } from '../../../runtime/react/theme';
import { extensionWidgets } from '../../../extensions';
import { exampleBundle } from './renderFlow';

describe('widget registry', () => {
  const registry = createWidgetRegistry(extensionWidgets);

  it('returns a registered block widget', () => {
    expect(getBlockWidget(registry, 'contactBox')).toBe(extensionWidgets.blocks.contactBox);
  });

  it('fails on an unknown name with the list of known ones', () => {
    expect(() => getBlockWidget(registry, 'contactBx')).toThrow(UnknownWidgetError);
    expect(() => getBlockWidget(registry, 'contactBx')).toThrow(/unknown block widget 'contactBx'; known block widgets: .*contactBox/);
  });

  it('checks every widget a bundle references at load', () => {
    const { bundle } = exampleBundle({ region: 'au' });
    expect(checkWidgetReferences(bundle, registry)).toEqual([]);
    const errors = checkWidgetReferences(bundle, createWidgetRegistry());
    expect(errors.map((e) => e.message)).toEqual([
      "unknown block widget 'contactBox' in flow 'exampleRange' step 'pick'; known block widgets: (none)",
      "unknown block widget 'contactBox' in flow 'exampleWidget' step 'show'; known block widgets: (none)",
      expect.stringMatching(/^unknown field widget 'upperCaseText' in schemas\/_examples\/widget\.ui\.json#\/make; known field widgets: .*email/),
    ]);
  });

  it('finds unregistered widgets inside groups, lists, dialogs and the layout', () => {
    const widget = (name: string) => ({ type: 'widget' as const, widget: name });
    const flow = {
      id: 'nested', start: 'a',
      layout: { header: [widget('inHeader')], footer: [{ type: 'group', blocks: [widget('inFooterGroup')] }] },
      steps: {
        a: {
          blocks: [
            { type: 'group', blocks: [widget('contactBox'), widget('inGroup')] },
            { type: 'list', items: { var: 'state.items' }, blocks: [{ type: 'group', blocks: [widget('inListGroup')] }] },
            { type: 'dialog', id: 'd', title: 't', blocks: [widget('inDialog')] },
          ],
        },
      },
    } as unknown as FlowDef;
    const bundle = { flows: { nested: flow }, uiSchemas: {} } as unknown as RuntimeBundle;
    expect(checkWidgetReferences(bundle, registry).map((e) => e.message.replace(/;.*/, ''))).toEqual([
      "unknown block widget 'inGroup' in flow 'nested' step 'a'",
      "unknown block widget 'inListGroup' in flow 'nested' step 'a'",
      "unknown block widget 'inDialog' in flow 'nested' step 'a'",
      "unknown block widget 'inHeader' in flow 'nested' /layout/header/0",
      "unknown block widget 'inFooterGroup' in flow 'nested' /layout/footer/0/blocks/0",
    ]);
  });

  it("the theme registers every built-in field widget name but rjsf's own, and nothing else", () => {
    const rjsfOwn: readonly string[] = RJSF_FIELD_WIDGETS;
    expect(Object.keys(themeWidgets).sort()).toEqual(BUILT_IN_FIELD_WIDGETS.filter((n) => !rjsfOwn.includes(n)).sort());
    // rjsf draws `hidden` with its own HiddenWidget (ui:widget names map to its registry through getWidget).
    expect(getDefaultRegistry().widgets.HiddenWidget).toBeTypeOf('function');
  });
});
