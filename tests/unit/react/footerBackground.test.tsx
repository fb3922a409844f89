// @vitest-environment happy-dom
/** A flow's footer takes its background from `layout.footerBackground` (logic, e.g. a setting); empty keeps the theme's. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import type { FlowDef } from '../../../runtime/core/types';
import { createWidgetRegistry, FlowRunner } from '../../../runtime/react';
import { exampleBundle } from './renderFlow';

const flow: FlowDef = {
  id: 'chrome', basePath: '/chrome', initial: 'page',
  layout: { footer: [{ type: 'text', text: 'examples.guarded.done' }], footerBackground: { var: 'settings.footerColour' } },
  steps: { page: { route: 'page', layout: { footer: 'static' }, blocks: [{ type: 'text', text: 'examples.guarded.blocked' }] } },
};

it.each([['rgb(1, 2, 3)', 'rgb(1, 2, 3)'], ['', '']])('footer colour setting %j gives background %j', async (colour, expected) => {
  const { bundle, validators } = exampleBundle({ region: 'au' });
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(<FlowRunner bundle={{ ...bundle, flows: { chrome: flow }, settings: { ...bundle.settings, footerColour: colour } }}
      widgets={createWidgetRegistry()} loadValidators={() => Promise.resolve(validators)} memoryPath="/chrome/page" user={null} />);
  });
  const footer = container.querySelector('footer');
  expect(footer?.textContent).toBe(bundle.messages['examples.guarded.done']);
  expect(footer?.style.backgroundColor).toBe(expected);
  act(() => root.unmount());
});
