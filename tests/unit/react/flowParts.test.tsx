// @vitest-environment happy-dom
/**
 * Flows in parts (runtime/react flow/flowParts.ts over runtime/core splitBundle): the runtime starts from the
 * core's route stubs; a step shows once its flow's part has arrived, a part is fetched once, a navigation to
 * another flow's step fetches that flow's part and keeps the screen it leaves until then, and a failed fetch
 * is asked again. Texts come from the example bundle.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, expect, it } from 'vitest';
import { routeTable, splitBundle, type FlowPart } from '../../../runtime/core/bundleParts';
import type { FlowDef } from '../../../runtime/core/types';
import { createWidgetRegistry, flowParts, flowsAt, FlowRunner } from '../../../runtime/react';
import { exampleBundle } from './renderFlow';

const { bundle: examples, validators } = exampleBundle({ region: 'au' });
const t = (key: string) => examples.messages[key];

const flows: Record<string, FlowDef> = {
  first: {
    id: 'first', basePath: '/first', initial: 'a',
    steps: { a: { route: 'a', blocks: [{ type: 'text', text: 'examples.guarded.start' }, { type: 'link', label: 'examples.guarded.continue', href: '/second/b' }] } },
  },
  second: { id: 'second', basePath: '/second', initial: 'b', steps: { b: { route: 'b', blocks: [{ type: 'text', text: 'examples.guarded.blocked' }] } } },
};

/** The core, and a fetch of parts the test answers: each ask is a promise it resolves or rejects. */
function partsOf() {
  const { core, parts } = splitBundle({ ...examples, flows });
  const asked: { flowId: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const fetchPart = (flowId: string) => new Promise<FlowPart>((resolve, reject) => {
    asked.push({ flowId, resolve: () => resolve(structuredClone(parts[flowId])), reject });
  });
  return { core, asked, parts: flowParts(core, fetchPart) };
}

const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 20)); });
afterEach(() => { document.body.innerHTML = ''; });

it('the core holds route stubs only; a part brings its flow whole; the route table says which flows a path needs', () => {
  const { core, parts } = splitBundle({ ...examples, flows });
  expect(core.flows.first).toEqual({ id: 'first', basePath: '/first', initial: 'a', steps: { a: { route: 'a' } } });
  expect(parts.first.flows.first).toEqual(flows.first);
  const routes = routeTable(flows);
  expect(routes).toEqual([['/first/a', 'first'], ['/second/b', 'second']]);
  expect(flowsAt(routes, '/second/b')).toEqual(['second']);
  expect(flowsAt(routes, '/nowhere')).toEqual([]);
});

it('a step shows once its part is there; another flow\'s step fetches its part, keeping the screen until then; a failed fetch is asked again', async () => {
  const { core, asked, parts } = partsOf();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => {
    root.render(<FlowRunner bundle={core} parts={parts} widgets={createWidgetRegistry()} loadValidators={() => Promise.resolve(validators)} memoryPath="/first/a" />);
  });
  expect(asked.map((a) => a.flowId)).toEqual(['first']);
  expect(container.textContent).not.toContain(t('examples.guarded.start'));
  await act(async () => asked[0].resolve());
  await settle();
  expect(container.textContent).toContain(t('examples.guarded.start'));
  expect(parts.ready('first')).toBe(true);

  // To the second flow: the first screen stays until its part has come.
  const link = () => [...container.querySelectorAll('a')].find((a) => a.textContent === t('examples.guarded.continue')) as HTMLAnchorElement;
  await act(async () => link().click());
  expect(asked.map((a) => a.flowId)).toEqual(['first', 'second']);
  expect(container.textContent).toContain(t('examples.guarded.start'));
  await act(async () => asked[1].resolve());
  await settle();
  expect(container.textContent).toContain(t('examples.guarded.blocked'));
  expect(container.textContent).not.toContain(t('examples.guarded.start'));
  act(() => root.unmount());
});

it('a part is fetched once; a failed fetch is asked again; check sees a part before it is added', async () => {
  const { core, asked } = partsOf();
  const checked: string[] = [];
  const fetched = partsOf();
  const parts = flowParts(core, (flowId) => fetched.parts.load(flowId).then(() => ({ flows: { [flowId]: fetched.core.flows[flowId] }, schemas: {}, uiSchemas: {}, operations: {}, validators: {} })),
    (part) => { checked.push(...Object.keys(part.flows)); });
  const failed = parts.load('second');
  await act(async () => fetched.asked[0].reject(new Error('offline')));
  await expect(failed).rejects.toThrow('offline');
  expect([parts.ready('second'), checked]).toEqual([false, []]);
  const again = parts.load('second');
  expect(parts.load('second')).toBe(again);
  await act(async () => fetched.asked[1].resolve());
  await again;
  expect([parts.ready('second'), checked, core.flows.second]).toEqual([true, ['second'], flows.second]);
  await parts.load('second');
  expect([fetched.asked.length, asked.length]).toEqual([2, 0]);
});
