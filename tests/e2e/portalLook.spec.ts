/**
 * The portal as an applicant meets it on a phone (issue 37 items 3 to 6 and 8), on the real server in headless
 * Chromium at 390 px, with screenshots: the shell reaches the window's edges; the home's hero is its 330 px; a home
 * before the company is known has no hole in its sentence; the no-application and 'not available yet' pages are in
 * the shell; the calculator header has the logos and the brand's phone as a tap-to-call link; the sign-in page after
 * Save & Close says the progress is saved, in an information box (not a warning's colour); View Quote shows the
 * price as order verification does; 'An Authorised Officer is:' introduces its list.
 */
import type { Page } from '@playwright/test';
import { AU as REGION_AU, TREE, open } from './applicantSteps';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const AU = { region: 'au', brand: 'acme-au' };
const { text, layers } = layersFor(AU);
const profile = layers.settings.profile as { phoneNumber: string };

/** The header's and footer's boxes span the window: no browser margin around the shell. */
async function expectEdgeToEdge(page: Page): Promise<void> {
  const width = page.viewportSize()!.width;
  for (const part of ['header', 'footer']) {
    const box = await page.locator(part).first().boundingBox();
    expect(box, `${part} shown`).not.toBeNull();
    expect([box!.x, Math.round(box!.width)], `${part} reaches both edges`).toEqual([0, width]);
  }
}

/** Signs in and opens the home of the user's application; records the console's warnings. */
async function openHome(page: Page, fx: { login: (p: Page, e: string, o?: { host?: string }) => Promise<unknown>; graphql: <T>(p: Page, h: string, q: string) => Promise<{ data?: T }>; url: (h: string, p: string) => string }, email: string): Promise<string[]> {
  const warnings: string[] = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  await fx.login(page, email);
  const app = await fx.graphql<{ getVehicleApplication: { applicationId: string } }>(page, 'au.localhost', 'query E2EApp { getVehicleApplication { applicationId } }');
  await page.goto(fx.url('au.localhost', `/applications/${app.data!.getVehicleApplication.applicationId}`));
  await page.locator('main[data-step="home"][data-ready]').waitFor();
  return warnings;
}

test('a home before the company is known: no hole in its sentence, the hero 330 px high, the shell edge to edge (phone)', async ({ newPage, login, graphql, url, shoot }) => {
  const page = await newPage(PHONE);
  const warnings = await openHome(page, { login, graphql, url }, 'primary.applicantdetails.au@demo.example');
  await expect(page.getByText(text('home.body.reassigned.noCompany'), { exact: true })).toBeVisible();
  await expect(page.getByText(/Authorised Officer of +to/)).toHaveCount(0);
  expect(warnings.filter((w) => /has no value/.test(w)), 'no placeholder without a value').toEqual([]);
  const hero = page.getByRole('img', { name: text('brand.hero.alt'), exact: true });
  await expect.poll(async () => Math.round((await hero.boundingBox())?.height ?? 0), { message: 'the hero is 330 px high (000 s2, s9)' }).toBe(330);
  await expectEdgeToEdge(page);
  await shoot(page, 'look-home-no-company-phone');
});

test("View Quote shows the price as order verification does, and the hero keeps 330 px on a desktop", async ({ page, login, graphql, url, shoot }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  // Not primary.approvals.au: account.spec.ts throttles that one's sign-ins from this address on purpose.
  await openHome(page, { login, graphql, url }, 'primary.credit-waiting.au@demo.example');
  const rental = (await graphql<{ getVehicleApplication: { scoreboard: { leaseDetails: { monthlyRentalNet: number } } } }>(page, 'au.localhost', 'query E2ERental { getVehicleApplication { scoreboard { leaseDetails { monthlyRentalNet } } } }')).data!.getVehicleApplication.scoreboard.leaseDetails.monthlyRentalNet;
  const format = layers.settings.calculatorUi as { currencyFormat: Intl.NumberFormatOptions & { locale: string } };
  const { locale, ...options } = format.currencyFormat;
  const price = text('orderVerification.quote.price', { price: new Intl.NumberFormat(locale, options).format(rental) });
  await page.getByText(text('home.viewQuote'), { exact: true }).click();
  await expect(page.locator('[data-group="viewQuote"]').getByText(price, { exact: true })).toBeVisible();
  const hero = page.getByRole('img', { name: text('brand.hero.alt'), exact: true });
  expect(Math.round((await hero.boundingBox())!.height)).toBe(330);
  await shoot(page, 'look-home-view-quote-desktop');
});

test('the dashboard is a page of the shell (phone)', async ({ newPage, login, url, shoot }) => {
  const page = await newPage(PHONE);
  await login(page, 'calculator.viewshortlist.au@demo.example');
  await page.goto(url('au.localhost', '/dashboard'));
  // 'Welcome {first name}' (002 s2 'Dashboard'; tests/e2e/dashboard.spec.ts checks the page itself).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${text('dashboard.welcome', { firstName: '' }).trim()} \\S`));
  await expect(page.locator('header').getByRole('img', { name: text('brand.logo.alt'), exact: true }).first()).toBeVisible();
  await expectEdgeToEdge(page);
  await shoot(page, 'look-dashboard-phone');
});

test("the calculator header: the logos and the brand's phone as a tap-to-call link (phone)", async ({ newPage, url, shoot }) => {
  const page = await newPage(PHONE);
  await page.goto(url('au.localhost', '/calculator'));
  await page.locator('main[data-step][data-ready]').waitFor();
  const header = page.locator('header');
  await expect(header.getByRole('img', { name: text('brand.logo.alt'), exact: true })).toBeVisible();
  await expect(header.getByRole('img', { name: text('brand.partnerLogo.alt'), exact: true })).toBeVisible();
  const call = page.getByRole('link', { name: text('calculator.header.phone', { phone: profile.phoneNumber }), exact: true });
  await expect(call).toHaveAttribute('href', new RegExp(`^tel:${profile.phoneNumber.replace(/ /g, '( |%20)?')}$`));
  await expect(page.getByText(String(layers.settings.phone))).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing scrolls sideways').toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'look-calculator-header-phone', { fullPage: false });
});

test('the sign-in page after Save & Close says the progress is saved, in an information box (phone)', async ({ newPage, url, shoot }) => {
  const page = await newPage(PHONE);
  await page.goto(url('au.localhost', '/login?reason=saved'));
  const notice = page.getByRole('status').filter({ hasText: text('session.saved') });
  await expect(notice).toBeVisible();
  // Information, not a warning: a neutral background (no yellow), the brand's colour at its edge.
  const [background, edge] = await notice.evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el).borderLeftColor]);
  const [r, g, b] = background.match(/\d+/g)!.map(Number);
  expect(r === g && g === b, `neutral background, not ${background}`).toBe(true);
  expect(edge).not.toBe(background);
  await shoot(page, 'look-login-saved-phone');
  await page.goto(url('au.localhost', '/login'));
  await page.getByRole('heading', { name: text('account.login.heading') }).waitFor();
  await expect(page.getByText(text('session.saved'), { exact: true })).toHaveCount(0);
});

test("'An Authorised Officer is:' introduces its list, it is not one of its items (phone)", async ({ newPage, url, login, freshApplication, shoot }) => {
  const page = await newPage(PHONE);
  const user = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'orderVerification' });
  await login(page, user.email, { host: user.host, password: user.password });
  await page.goto(url(user.host, `/applications/${user.applicationId}/order-verification`));
  await page.getByText(text('reassign.heading'), { exact: true }).click();
  await page.getByRole('button', { name: text('orderVerification.officerInfo.open') }).click();
  const dialog = page.getByRole('dialog');
  const [intro, ...items] = text('orderVerification.officerInfo.body').split('\n');
  await expect(dialog.getByText(intro, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveText(items);
  await page.waitForTimeout(400); // the dialog's enter animation, before the picture
  await shoot(page, 'look-officer-info-phone', { fullPage: false });
});

test('the industry cascade on a phone: the longest names keep their drop-downs inside the card', async ({ newPage, url, login, freshApplication, shoot }) => {
  const page = await newPage(PHONE);
  await open({ login, url, freshApplication }, page, REGION_AU);
  const longest = (names: string[]) => names.reduce((a, b) => (b.length > a.length ? b : a));
  const industry = TREE.find((i) => i.name === longest(TREE.map((x) => x.name)))!;
  const subDivision = industry.subDivisions.find((d) => d.name === longest(industry.subDivisions.map((x) => x.name)))!;
  await page.getByLabel(text('applicantDetails.company.industry')).selectOption({ label: industry.name });
  await page.getByLabel(text('applicantDetails.company.subDivision')).selectOption({ label: subDivision.name });
  await page.getByLabel(text('applicantDetails.company.subGroup')).selectOption({ label: longest(subDivision.subGroups) });
  for (const key of ['industry', 'subDivision', 'subGroup']) {
    // The drop-down's right edge against its card's (the nearest group drawn as a box) and the window's.
    const [right, cardRight] = await page.getByLabel(text(`applicantDetails.company.${key}`)).evaluate((el) => {
      let card: Element | null = el.closest('section');
      while (card && getComputedStyle(card).borderTopStyle === 'none') card = card.parentElement?.closest('section') ?? null;
      if (!card) throw new Error('no card around the drop-down');
      return [el.getBoundingClientRect().right, card.getBoundingClientRect().right];
    });
    expect(right, `${key} inside its card`).toBeLessThanOrEqual(cardRight);
    expect(right, `${key} inside the window`).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'nothing scrolls sideways').toBeLessThanOrEqual(PHONE.width);
  await shoot(page, 'look-industry-cascade-phone');
});

test('a lone checkbox on a phone takes the whole width: the maximum-limit label is not squeezed; annual revenue shows its currency sign', async ({ newPage, login, url, graphql, shoot }) => {
  const page = await newPage(PHONE);
  // Read only: the seeded application saved and closed at Other Details & Personal Guarantee.
  await login(page, 'primary.businessdetails-restored.au@demo.example');
  const app = await graphql<{ getVehicleApplication: { applicationId: string } }>(page, 'au.localhost', 'query E2EApp { getVehicleApplication { applicationId } }');
  await page.goto(url('au.localhost', `/applications/${app.data!.getVehicleApplication.applicationId}/businessDetails`));
  const box = page.getByRole('checkbox', { name: text('businessDetails.finance.maximum') });
  await box.waitFor();
  // The options' grid: as many columns as options at most, so the label has the whole line.
  const columns = await box.evaluate((el) => getComputedStyle(el.closest('.fui-Checkbox')!.parentElement!).gridTemplateColumns.split(' ').length);
  expect(columns, 'one column for one option').toBe(1);
  const label = (await page.getByText(text('businessDetails.finance.maximum'), { exact: true }).boundingBox())!;
  expect(label.height, 'the label on one or two lines, not squeezed into many').toBeLessThan(48);
  await box.scrollIntoViewIfNeeded();
  await shoot(page, 'look-maximum-limit-phone', { fullPage: false });

  // Annual revenue: the currency sign inside the field and an example with thousands separators beside it.
  // The section's summary: its title (and, once saved, the tick the section shows as done).
  await page.locator('summary').filter({ hasText: text('businessDetails.section.cashflow') }).click();
  const revenue = page.getByRole('textbox', { name: text('businessDetails.cashflow.annualRevenue') });
  await revenue.waitFor();
  const field = revenue.locator('xpath=..');
  await expect(field).toContainText(text('businessDetails.cashflow.annualRevenuePrefix'));
  await expect(page.getByText(text('businessDetails.cashflow.annualRevenueHint'), { exact: true })).toBeVisible();
  await revenue.scrollIntoViewIfNeeded();
  await shoot(page, 'look-annual-revenue-phone', { fullPage: false });
});
