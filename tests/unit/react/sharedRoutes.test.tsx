// @vitest-environment happy-dom
/** Two flows with a step on the same path: the user's roles (each flow's own `roles` logic) choose the screen. */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import type { FlowDef } from '../../../runtime/core/types';
import { createWidgetRegistry, FlowRunner } from '../../../runtime/react';
import { exampleBundle } from './renderFlow';

const flow = (id: string, role: string, text: string): FlowDef => ({
  id, basePath: '/shared', initial: 'step',
  roles: { [role]: { '==': [{ var: 'user.kind' }, role] } },
  steps: { step: { route: 'here', roles: [role], blocks: [{ type: 'text', text }] } },
});

it.each([['a', 'examples.guarded.done'], ['b', 'examples.guarded.blocked']])('user of kind %s sees its flow', async (kind, key) => {
  const { bundle, validators } = exampleBundle({ region: 'au' });
  const flows = { first: flow('first', 'a', 'examples.guarded.done'), second: flow('second', 'b', 'examples.guarded.blocked') };
  const container = document.createElement('div');
  const root = createRoot(container);
  await act(async () => {
    root.render(<FlowRunner bundle={{ ...bundle, flows }} widgets={createWidgetRegistry()} loadValidators={() => Promise.resolve(validators)}
      memoryPath="/shared/here" user={{ kind }} />);
  });
  expect(container.textContent).toBe(bundle.messages[key]);
  act(() => root.unmount());
});
