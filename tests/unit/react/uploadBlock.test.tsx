// @vitest-environment happy-dom
/**
 * flows/_examples/upload.yaml: the `upload` block checks each picked file here (type by `accept`, size, count) with
 * the definitions' texts, asks the real SDL's `getSignedUrl` (a graphql-yoga endpoint on a local port) for an upload
 * URL, PUTs the bytes there, lists the file with a remove button and binds `{ uuid, fileName, mimeType }`; an upload
 * the server refuses shows the catalogue's text for its code. Expanders with `openWhen` / `enabledWhen` open one after
 * another, the second locked until the first is done.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { createSchema, createYoga } from 'graphql-yoga';
import { act } from 'react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { sdlTexts } from '../../../runtime/node';
import { accepts } from '../../../runtime/react/blocks/UploadBlockView';
import { exampleBundle, renderFlow, type Rendered } from './renderFlow';

const { bundle } = exampleBundle({ region: 'au' });
const t = (key: string, vars: Record<string, string | number> = {}) => Object.entries(vars).reduce((s, [k, v]) => s.replace(`{${k}}`, String(v)), bundle.messages[key]);

/** What the test API saw: getSignedUrl's file inputs and the PUT bodies (by uuid). */
const asked: Record<string, unknown>[] = [];
const put = new Map<string, { type: string | undefined; bytes: number }>();
let server: Server | undefined;
let origin = '';
const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'PUT, POST, OPTIONS', 'access-control-allow-headers': 'content-type' };

beforeAll(async () => {
  let n = 0;
  const yoga = createYoga({
    graphqlEndpoint: '/graphql',
    logging: false,
    schema: createSchema({
      typeDefs: sdlTexts(resolve(import.meta.dirname, '../../../server/graphql')),
      resolvers: {
        Mutation: {
          getSignedUrl: (_: unknown, args: { file: { fileName: string; mimeType: string } }) => {
            asked.push(args.file);
            const uuid = `u-${++n}`;
            return { uuid, signedUrl: `${origin}/put/${uuid}`, fileName: args.file.fileName, mimeType: args.file.mimeType };
          },
        },
      },
    }),
  });
  server = createServer((req, res) => {
    if (!req.url?.startsWith('/put/')) return void yoga(req, res);
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      put.set(req.url!.slice('/put/'.length), { type: req.headers['content-type'], bytes: body.length });
      // Content inspection as the real server does it, by magic bytes: a PDF starts with %PDF.
      if (!body.subarray(0, 4).equals(Buffer.from('%PDF'))) return void res.writeHead(415, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ error: 'type_mismatch' }));
      res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
    });
  });
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server?.close());

let view: Rendered | undefined;
afterEach(() => { view?.unmount(); view = undefined; });

/** Picks files in the block's native picker (as the browser's file dialog would). */
async function pick(container: HTMLElement, files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[data-upload-input="documents"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })); });
}
const pdf = (name: string, size = 100) => new File([`%PDF-1.4\n${'x'.repeat(size - 9)}`], name, { type: 'application/pdf' });
const alertText = (v: Rendered) => v.container.querySelector('[data-upload="documents"] [role="alert"]')?.textContent ?? '';
const state = (count: number, changes: number) => t('examples.upload.state', { count, changes });

it('accepts: name endings, MIME types and families', () => {
  expect(accepts(['.pdf'], { name: 'A.PDF', type: '' })).toBe(true);
  expect(accepts(['application/pdf'], { name: 'a.bin', type: 'application/pdf' })).toBe(true);
  expect(accepts(['image/*'], { name: 'a', type: 'image/png' })).toBe(true);
  expect(accepts(['.pdf', 'application/pdf'], { name: 'a.exe', type: 'application/x-msdownload' })).toBe(false);
  expect(accepts([], { name: 'a.exe', type: '' })).toBe(true);
});

it('upload: checks type and size here, uploads through the call and a PUT, lists and removes files, and shows the server refusal', async () => {
  view = await renderFlow('/examples/upload/pick', { graphqlUri: `${origin}/graphql` });
  const v = view;
  const button = await v.waitFor(() => [...v.container.querySelectorAll('button')].find((b) => b.textContent === t('examples.upload.button')), 'the picker button');
  // The picker is reached by its button (keyboard); the native input is filtered by `accept` and out of the tab order.
  const input = v.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  expect(input.accept).toBe('.pdf,application/pdf');
  expect(input.tabIndex).toBe(-1);
  expect(v.container.textContent).toContain(t('examples.upload.hint'));

  // Wrong type and too big: refused before anything is sent.
  await pick(v.container, [new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }), pdf('big.pdf', 3000)]);
  await v.waitFor(() => alertText(v).includes(t('examples.upload.wrongType', { fileName: 'tool.exe' })), 'the wrong-type text');
  expect(alertText(v)).toContain(t('examples.upload.tooBig', { fileName: 'big.pdf', maxSize: 2000 }));
  expect(asked).toEqual([]);

  // A PDF: asked for with its name, type and size, PUT with its own type, listed.
  await pick(v.container, [pdf('statement.pdf')]);
  await v.waitFor(() => v.container.textContent?.includes(state(1, 1)), 'one file bound');
  expect(asked).toEqual([{ fileName: 'statement.pdf', mimeType: 'application/pdf', size: 100 }]);
  expect(put.get('u-1')).toEqual({ type: 'application/pdf', bytes: 100 });
  expect([...v.container.querySelectorAll('[data-upload="documents"] li')].map((li) => li.firstChild?.textContent)).toEqual(['statement.pdf']);
  expect(alertText(v)).toBe('');

  // Named .pdf but not one by content: the server refuses it, and its code's text shows; nothing is listed.
  await pick(v.container, [new File(['GIF89a....'], 'fake.pdf', { type: 'application/pdf' })]);
  await v.waitFor(() => alertText(v).includes(t('examples.upload.refused.TYPE_MISMATCH')), 'the server refusal');
  expect(v.container.textContent).toContain(state(1, 1));

  // A second file fills the list (maxFiles 2): the picker button is disabled; a third would be refused.
  await pick(v.container, [pdf('second.pdf')]);
  await v.waitFor(() => v.container.textContent?.includes(state(2, 2)), 'two files bound');
  expect(button.disabled).toBe(true);

  // Remove: the list and the bound state lose the file.
  const remove = [...v.container.querySelectorAll('button')].find((b) => b.textContent === t('examples.upload.remove', { fileName: 'statement.pdf' }))!;
  await act(async () => { remove.click(); });
  await v.waitFor(() => v.container.textContent?.includes(state(1, 3)), 'one file left');
  expect([...v.container.querySelectorAll('[data-upload="documents"] li')].map((li) => li.firstChild?.textContent)).toEqual(['second.pdf']);
  expect(button.disabled).toBe(false);

  // Too many at once: the first fills the list, the rest are refused with the count text.
  await pick(v.container, [pdf('third.pdf'), pdf('fourth.pdf')]);
  await v.waitFor(() => alertText(v).includes(t('examples.upload.tooMany', { maxFiles: 2 })), 'the too-many text');
  expect(v.container.textContent).toContain(state(2, 4));
});

it('expander: openWhen opens the sections one after another; enabledWhen locks the second until the first is done; doneWhen ticks the first', async () => {
  view = await renderFlow('/examples/upload/pick', { graphqlUri: `${origin}/graphql` });
  const v = view;
  const first = await v.waitFor(() => v.container.querySelector<HTMLDetailsElement>('details[data-group="first"]'), 'the first section');
  const second = v.container.querySelector<HTMLDetailsElement>('details[data-group="second"]')!;
  expect(first.querySelector('summary [data-done]')).toBeNull();
  expect(first.open).toBe(true);
  expect(second.open).toBe(false);
  expect(second.querySelector('summary')?.getAttribute('aria-disabled')).toBe('true');
  // A click on the locked section's toggle does not open it.
  await act(async () => { second.querySelector('summary')!.click(); });
  expect(second.open).toBe(false);
  const next = [...first.querySelectorAll('button')].find((b) => b.textContent === t('examples.upload.next'))!;
  await act(async () => { next.click(); });
  await v.waitFor(() => second.open && !first.open, 'the second open, the first closed');
  expect(second.querySelector('summary')?.hasAttribute('aria-disabled')).toBe(false);
  // doneWhen: the finished section's toggle has its tick and says it is completed; the open one has none.
  expect(first.querySelector('summary [data-done]')).not.toBeNull();
  expect(first.querySelector('summary')?.textContent).toBe(`${t('examples.upload.first')} (${t('runtime.progress.completed')})`);
  expect(second.querySelector('summary [data-done]')).toBeNull();
  expect(second.textContent).toContain(t('examples.upload.done'));
  // The user may close and open it again in between (the click toggles the state the element follows).
  await act(async () => { second.querySelector('summary')!.click(); });
  expect(second.open).toBe(false);
  await act(async () => { second.querySelector('summary')!.click(); });
  expect(second.open).toBe(true);
});
