import { expect, type Locator, type Page } from '@playwright/test';

/** The text input whose accessible name is exactly `label` (the required mark is aria-hidden). */
export function field(page: Page, label: string): Locator {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** The message a field's aria-describedby points at ('' when none), and whether it is aria-invalid. */
export async function fieldMessage(input: Locator): Promise<{ message: string; invalid: boolean }> {
  const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
  const invalid = (await input.getAttribute('aria-invalid')) === 'true';
  const texts: string[] = [];
  for (const id of describedBy.split(/\s+/).filter(Boolean)) {
    texts.push(((await input.page().locator(`[id="${id}"]`).textContent()) ?? '').trim());
  }
  return { message: texts.join(' ').trim(), invalid };
}

/** Types a value (replacing what is there) and leaves the field, as a user would with Tab. */
export async function enter(input: Locator, value: string): Promise<void> {
  await input.fill(value);
  await input.press('Tab');
}

/** Polls until the field shows exactly `expected` ('' = no message, and then not aria-invalid). */
export async function expectMessage(input: Locator, expected: string, what: string): Promise<void> {
  await expect.poll(() => fieldMessage(input), { message: what }).toEqual({ message: expected, invalid: expected !== '' });
}

/**
 * Waits until the app has the page: a step's screen is marked `data-ready` once mounted (StepScreen), so a
 * server-rendered page (visible before its scripts run) answers to typing and blur only after this.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('main[data-step][data-ready]').waitFor();
}

/**
 * The rate-book searches of the results pages (`fetchRatebook` filters, without the shortlist's) in order: the
 * browser's requests, and those the server ran to render a page (its hydration data, `#app-hydration`).
 */
export function ratebookSearches(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  const keep = (filters: Record<string, unknown> | undefined) => { if (filters && !filters.catalogVehicleId) sent.push(filters); };
  page.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { searchFilters?: Record<string, unknown> } } | null;
    if (body?.operationName === 'fetchRatebook') keep(body.variables?.searchFilters);
  });
  // The server's first render ran the page's searches itself: read them from the page's hydration data block, in
  // the document as served (the app removes the block once hydrated, so reading the DOM would race it).
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'document') return;
    const html = await response.text().catch(() => '');
    const block = /<script type="application\/json" id="app-hydration">([\s\S]*?)<\/script>/.exec(html)?.[1];
    const answers = block ? (JSON.parse(block) as { answers?: Record<string, unknown> }).answers ?? {} : {};
    for (const key of Object.keys(answers)) {
      if (key.startsWith('fetchRatebook ')) keep((JSON.parse(key.slice('fetchRatebook '.length)) as { searchFilters?: Record<string, unknown> }).searchFilters);
    }
  });
  return sent;
}
