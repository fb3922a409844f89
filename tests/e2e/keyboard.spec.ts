/**
 * Keyboard-only walks (issue 16, accessibility): the calculator from the search to the shortlist and the
 * sign-in, with Tab, Shift+Tab, Enter, Space and Escape only (no click, no fill). Every stop on the way
 * shows a visible focus indicator (the focused control looks different from itself unfocused: outline,
 * box shadow, underline or a pseudo-element border), and a dialog keeps focus inside and gives it back
 * to the control that opened it. Texts come from the layered catalogue.
 */
import type { Locator, Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const { text } = layersFor(AU.selection);
/** A demo customer (server/seed) who may sign in on the AU host. */
const CUSTOMER = 'primary.orderverification.au@demo.example';
const DEMO_PASSWORD = 'Fleetform-Demo-1';

/**
 * How an element and its three nearest ancestors (which may draw its ring) look: outline, box shadow,
 * underline and pseudo-element borders; with `blur`, after taking focus away (then it is given back).
 */
function looks(el: Element, blur: boolean): string {
  if (blur) (el as HTMLElement).blur();
  const parts: string[] = [];
  let node: Element | null = el;
  for (let depth = 0; node && depth < 4; depth++, node = node.parentElement) {
    for (const pseudo of [null, '::before', '::after']) {
      const s = getComputedStyle(node, pseudo);
      parts.push(`${depth}${pseudo ?? ''}: ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor} | ${s.boxShadow} | ${s.textDecorationLine} ${s.textDecorationStyle} | ${s.borderStyle} ${s.borderWidth} ${s.borderColor}`);
    }
  }
  if (blur) (el as HTMLElement).focus({ preventScroll: true });
  return parts.join('\n');
}

/** Describes the focused element for messages. */
const focused = (page: Page) => page.evaluate(() => {
  const a = document.activeElement;
  return a ? `<${a.tagName.toLowerCase()}> ${(a.getAttribute('aria-label') ?? a.textContent ?? '').trim().slice(0, 40)}` : 'nothing';
});

/** The focused element shows a focus indicator: it looks different unfocused. */
async function expectVisibleFocus(page: Page): Promise<void> {
  const what = await focused(page);
  const handle = await page.evaluateHandle(() => document.activeElement ?? document.body);
  const withFocus = await handle.evaluate(looks, false);
  const withoutFocus = await handle.evaluate(looks, true);
  expect(withFocus !== withoutFocus, `a visible focus indicator on ${what}`).toBe(true);
}

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has focus, checking the focus indicator at every stop;
 * fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, { key = 'Tab', max = 60 }: { key?: string; max?: number } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(key);
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) {
      await expectVisibleFocus(page);
      return;
    }
    if (await page.evaluate(() => document.activeElement !== document.body && document.activeElement !== null)) await expectVisibleFocus(page);
  }
  throw new Error(`${target} not reached with ${max} x ${key}; focus is on ${await focused(page)}`);
}

/** Whether the focused element is inside the open dialog. */
const focusInDialog = (page: Page) => page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null && document.activeElement?.closest('dialog[open]') !== undefined);

test('keyboard only: search on /calculator, results, shortlist a vehicle, a dialog traps and returns focus, the shortlist page', async ({ page, url }) => {
  await page.goto(url(AU.host, '/calculator'));
  const suv = page.getByRole('checkbox', { name: text('calculator.body.SUV'), exact: true });
  await suv.waitFor();
  await tabTo(page, suv);
  await page.keyboard.press('Space');
  await expect(suv).toBeChecked();
  // Shift+Tab goes back, Tab forward again.
  await page.keyboard.press('Shift+Tab');
  expect(await suv.evaluate((el) => el === document.activeElement), 'Shift+Tab left SUV').toBe(false);
  await tabTo(page, suv, { max: 3 });
  await tabTo(page, page.getByRole('button', { name: text('calculator.search.next'), exact: true }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/calculator\/results\?/);

  // Results: shortlist the first vehicle with Enter.
  const card = page.locator('[data-list="results"] article[data-vehicle]').first();
  await card.waitFor();
  const shortlist = card.getByRole('button', { name: text('calculator.card.shortlist'), exact: true });
  await tabTo(page, shortlist, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-group="shortlisted"] article')).toHaveCount(1);

  // A dialog: Enter opens it with focus inside; Tab and Shift+Tab stay inside; Escape closes it and focus is back on its opener.
  const opener = page.getByRole('button', { name: text('calculator.inclusions.open') }).first();
  await tabTo(page, opener, { max: 120 });
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: text('calculator.inclusions.title') });
  await dialog.waitFor();
  expect(await focusInDialog(page), 'focus moved into the dialog').toBe(true);
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusInDialog(page), `focus stays in the dialog after ${key}`).toBe(true);
  }
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await opener.evaluate((el) => el === document.activeElement), 'focus returned to the opener').toBe(true);
  await expectVisibleFocus(page);
  // Again, closed with its own Close button (Enter): focus returns too.
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await tabTo(page, dialog.getByRole('button', { name: text('calculator.dialog.close') }), { max: 10 });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  expect(await opener.evaluate((el) => el === document.activeElement), 'focus returned to the opener after Close').toBe(true);

  // To the shortlist page: the shortlisted vehicle is there.
  await tabTo(page, page.getByRole('button', { name: text('calculator.results.viewShortlist') }).first(), { max: 120 });
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/calculator\/shortlists/);
  await expect(page.locator('article[data-vehicle]')).toHaveCount(1);
});

test('keyboard only: sign in on /login', async ({ page, url }) => {
  await page.goto(url(AU.host, '/login'));
  const email = page.getByRole('textbox', { name: new RegExp(`^${text('account.login.email')}`) });
  await email.waitFor();
  await tabTo(page, email);
  await page.keyboard.type(CUSTOMER);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type), 'Tab moves to the password').toBe('password');
  await expectVisibleFocus(page);
  await page.keyboard.type(DEMO_PASSWORD);
  await tabTo(page, page.getByRole('button', { name: text('account.login.submit') }), { max: 5 });
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname !== '/login');
});
