// @vitest-environment happy-dom
/**
 * flows/_examples/clientOnly.yaml: a `clientOnly` block is a skeleton of its height while the screen is the
 * server's (a server render, the browser's hydrating render) and its content once the app runs, read from local
 * storage; the hydration finds the server's markup (no recoverable error). For a browser that holds no local
 * state (the server saw no storage cookie: `environment.storageEmpty`) the content, read from the defaults, is in
 * the server's markup and hydrates like any other block. Lint refuses `clientOnly` beside a
 * `visibleWhen`, inside another `clientOnly` block, and waiting for a load its step does not have. Texts come from the example bundle.
 */
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { lintDefinitions } from '../../../runtime/core/lint';
import { loadDefinitions } from '../../../runtime/core/load';
import { createWidgetRegistry, FlowRunner } from '../../../runtime/react';
import { extensionEffects, extensionWidgets } from '../../../extensions';
import { metaFiles } from '../core/fixtures';
import { exampleBundle } from './renderFlow';

const { bundle, validators } = exampleBundle({ region: 'au' });
const t = (key: string, vars: Record<string, string> = {}) => bundle.messages[key].replace(/\{(\w+)\}/g, (_, name: string) => vars[name] ?? '');
const PATH = '/examples/client-only/saved';
afterEach(() => { localStorage.clear(); document.body.innerHTML = ''; });

const app = (storageEmpty?: boolean) => (
  <FlowRunner bundle={bundle} widgets={createWidgetRegistry(extensionWidgets)} effects={extensionEffects}
    loadValidators={() => Promise.resolve(validators)} memoryPath={PATH} hydrating
    environment={{ host: 'localhost', origin: 'http://localhost', storageEmpty }} />
);

it('a clientOnly block is a skeleton in the server render, and its stored content once hydrated without a mismatch', async () => {
  localStorage.setItem('examples.saved', JSON.stringify(['alpha', 'beta']));
  const html = renderToString(app());
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  // The server's page: the heading, and a skeleton of the block's height instead of anything stored.
  expect(container.querySelector('h1, h2')?.textContent).toBe(t('examples.clientOnly.heading'));
  const skeleton = container.querySelector<HTMLElement>('[data-skeleton]');
  expect(skeleton?.style.height).toBe('6rem');
  expect(skeleton?.getAttribute('aria-hidden')).toBe('true');
  expect(container.textContent).not.toContain(t('examples.clientOnly.count', { count: '2' }));

  const errors: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, app(), { onRecoverableError: (e) => errors.push(e) }));
  for (let i = 0; i < 50 && container.querySelector('[data-skeleton]'); i++) await act(async () => { await new Promise((r) => setTimeout(r, 20)); });
  expect(errors).toEqual([]);
  expect(container.querySelector('[data-skeleton]')).toBeNull();
  expect(container.textContent).toContain(t('examples.clientOnly.count', { count: '2' }));
  expect(container.textContent).toContain(t('examples.clientOnly.item', { item: 'beta' }));
  act(() => root.unmount());
});

it('a browser with nothing stored gets the content from the server, read from the defaults, and hydrates it without a mismatch', async () => {
  const html = renderToString(app(true));
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  expect(container.querySelector('[data-skeleton]')).toBeNull();
  expect(container.textContent).toContain(t('examples.clientOnly.count', { count: '0' }));

  const errors: unknown[] = [];
  const root = await act(async () => hydrateRoot(container, app(true), { onRecoverableError: (e) => errors.push(e) }));
  await act(async () => { await new Promise((r) => setTimeout(r, 50)); });
  expect(errors).toEqual([]);
  expect(container.querySelector('[data-skeleton]')).toBeNull();
  expect(container.textContent).toContain(t('examples.clientOnly.count', { count: '0' }));
  act(() => root.unmount());
});

it('lint: clientOnly beside a visibleWhen, or inside another clientOnly block, is reported at the block', () => {
  const lint = (blocks: unknown[]) => {
    const { defs, errors } = loadDefinitions({
      ...metaFiles(),
      'fleetform.yaml': 'layers: [{ name: base, file: flows/_base.yaml }]\n',
      'flows/_base.yaml': 'id: base\nmessages: { a: A }\n',
      'flows/one.yaml': `id: one\nbasePath: /one\ninitial: s\nsteps: { s: { blocks: ${JSON.stringify(blocks)} } }\n`,
    });
    expect(errors).toEqual([]);
    return lintDefinitions(defs).findings.filter((f) => f.pointer?.includes('/clientOnly')).map((f) => [f.pointer, f.message]);
  };
  const text = { type: 'text', text: 'a' };
  expect(lint([{ type: 'group', clientOnly: { height: '4rem' }, blocks: [text] }])).toEqual([]);
  expect(lint([{ ...text, hiddenWhen: { var: 'user' }, clientOnly: { height: '1rem' } }]))
    .toEqual([['/steps/s/blocks/0/clientOnly', expect.stringContaining('with a visibleWhen')]]);
  expect(lint([{ type: 'group', clientOnly: { height: '4rem' }, blocks: [{ type: 'group', clientOnly: { height: '2rem' }, blocks: [text] }] }]))
    .toEqual([['/steps/s/blocks/0/blocks/0/clientOnly', expect.stringContaining('inside a block that is already clientOnly')]]);
  expect(lint([{ type: 'group', clientOnly: { height: '4rem', loads: ['nothing'] }, blocks: [text] }]))
    .toEqual([['/steps/s/blocks/0/clientOnly/loads/0', expect.stringContaining("load 'nothing', which step 's' does not have")]]);
  // The height is a CSS length (the meta-schema).
  const { errors } = loadDefinitions({
    ...metaFiles(),
    'fleetform.yaml': 'layers: [{ name: base, file: flows/_base.yaml }]\n',
    'flows/_base.yaml': 'id: base\nmessages: { a: A }\n',
    'flows/one.yaml': 'id: one\nbasePath: /one\ninitial: s\nsteps: { s: { blocks: [{ type: text, text: a, clientOnly: { height: tall } }] } }\n',
  });
  expect(errors.map((e) => e.pointer)).toEqual([expect.stringContaining('clientOnly')]);
});
