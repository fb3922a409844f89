/**
 * The studio page in headless Chromium (docs/analysts-guide.md 'Studio'), over a temporary copy of the definitions,
 * its API server off (it takes a minute to seed; bench/studioReload.ts runs with it): a step with no sample file
 * previews over a record of the seed's scenarios, another record is picked in the menu, the diagram is a picture
 * with the screen's sections and dialogs, every file:line is an editor link, and a text edited on the page is in
 * the file and in the preview.
 */
import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { readDefinitions } from '../../../runtime/node';
import { startStudio, type Studio } from '../../../studio/server/studioServer';
import { scratchDir } from '../../scratch';

const ROOT = resolve(import.meta.dirname, '../../..');
const KEY = 'businessDetails.heading';

let work: string;
let studio: Studio;
let browser: Browser;

beforeAll(async () => {
  work = scratchDir('studio-page');
  for (const top of new Set([...Object.keys(readDefinitions(ROOT)).map((p) => p.split('/')[0]), 'server/graphql'])) {
    mkdirSync(dirname(join(work, top)), { recursive: true });
    cpSync(join(ROOT, top), join(work, top), { recursive: true });
  }
  [studio, browser] = await Promise.all([
    startStudio({ root: work, port: 0, api: false, watch: false, generatedDir: false }),
    chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] }),
  ]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await studio?.close();
});

it('previews a step over a scenario record, picks another, draws the diagram, and shows a text edited in place', async () => {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${studio.url}/?flow=businessDetails&step=sections&sel=0`);
  const heading = (parse(readFileSync(join(work, 'messages/businessDetails.yaml'), 'utf8')) as { messages: Record<string, string> }).messages[KEY];
  const frame = page.frameLocator('iframe[data-preview]');
  await frame.getByText(heading, { exact: true }).first().waitFor({ timeout: 90_000 });

  // The record menu: the seed's scenarios; another one re-renders the preview with it.
  const menu = page.locator('select[name="record"]');
  const options = await menu.locator('option').evaluateAll((list) => list.map((o) => (o as HTMLOptionElement).value));
  expect(options.length).toBeGreaterThan(1);
  const current = await menu.inputValue();
  const other = options.find((o) => o !== current && /businessdetails/.test(o)) ?? options[1];
  await menu.selectOption(other);
  await expect.poll(() => page.locator('iframe[data-preview]').getAttribute('data-preview')).toContain(`record=${other}`);
  await frame.getByText(heading, { exact: true }).first().waitFor({ timeout: 30_000 });

  // The diagram is a picture, the screen's dialogs drawn in it; file:line opens the editor.
  await page.locator('[data-diagram="flowchart"] svg').waitFor({ timeout: 30_000 });
  expect(await page.locator('[data-diagram="flowchart"] svg').textContent()).toContain('dialog:');
  expect(await page.locator(`tr[data-key="${KEY}"] a.where`).getAttribute('href')).toMatch(/^vscode:\/\/file\/.*messages\/businessDetails\.yaml:\d+:\d+$/);

  // Edited in place: written to the file, and the preview shows it.
  const form = page.locator(`tr[data-key="${KEY}"] form[data-edit]`);
  await form.locator('textarea').fill(`${heading} (studio)`);
  await form.getByRole('button').click();
  await form.getByRole('status').waitFor({ timeout: 30_000 });
  await frame.getByText(`${heading} (studio)`, { exact: true }).first().waitFor({ timeout: 30_000 });
  expect(readFileSync(join(work, 'messages/businessDetails.yaml'), 'utf8')).toContain(`${heading} (studio)`);
}, 240_000);
