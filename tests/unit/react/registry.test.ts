import { describe, expect, it } from 'vitest';
import { BUILT_IN_FIELD_WIDGETS, checkWidgetReferences, createWidgetRegistry, getBlockWidget, UnknownWidgetError } from '../../../runtime/react';
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
    expect(checkWidgetReferences(bundle, registry, BUILT_IN_FIELD_WIDGETS)).toEqual([]);
    const errors = checkWidgetReferences(bundle, createWidgetRegistry(), BUILT_IN_FIELD_WIDGETS);
    expect(errors.map((e) => e.message)).toEqual([
      "unknown block widget 'contactBox' in flow 'exampleWidget' step 'show'; known block widgets: (none)",
      expect.stringMatching(/^unknown field widget 'upperCaseText' in schemas\/_examples\/widget\.ui\.json#\/make; known field widgets: .*email/),
    ]);
  });
});
