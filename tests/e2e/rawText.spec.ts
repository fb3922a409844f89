/**
 * Nothing raw on screen (issue 11 item 2): every calculator and account page, its dialogs and its error
 * states, on each brand's first host (brands/*.yaml `settings.domains`) and on a host no brand names (served
 * as the default brand), shows no `{placeholder}` and no dotted message key in its text, `title`,
 * `aria-label`, `alt`, `placeholder` or document title (`rawTextProblems`, tests/e2e/fixtures.ts).
 * Per host one page walks the calculator and one the account pages; every state is reached by waiting for what shows it.
 * The first test proves the check fails on a raw key and a `{placeholder}` in each place it reads.
 */
import type { Page } from '@playwright/test';
import { brandHosts, layersFor } from './definitions';
import { expect, rawTextProblems, test } from './fixtures';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SHORTLIST_KEY = 'fleetform.calculator.shortlist';

test('rawTextProblems finds a raw key and a {placeholder} in text, title, aria-label, alt, placeholder and the document title', async ({ page }) => {
  await page.setContent(`<html><head><title>{brand.name}</title></head><body><main>
    <h1>calculator.results.title</h1>
    <p>© {settings.organisation.name}</p>
    <p>Call brand.name.short today</p>
    <span title="calculator.header.phone">x</span>
    <span title="Call {phone}">x</span>
    <button aria-label="calculator.dialog.close">x</button>
    <button aria-label="Close {name}">x</button>
    <img alt="brand.name" src="data:,">
    <img alt="Logo of {brand}" src="data:,">
    <input placeholder="calculator.enquiry.phone">
    <input placeholder="e.g. {example}">
    <p>Fine: 1,000 km, support@acme-fleet.example, au.localhost/calculator, v1.2.3, {}</p>
    <a href="https://www.fleetform.example">www.fleetform.example</a>
    <a href="/calculator">calculator.header.link</a>
    <script>const ignored = 'calculator.script.key {ignored}';</script>
  </main></body></html>`);
  expect((await rawTextProblems(page)).sort()).toEqual([
    'alt of <img>: "Logo of {brand}"',
    'alt of <img>: "brand.name"',
    'aria-label of <button>: "Close {name}"',
    'aria-label of <button>: "calculator.dialog.close"',
    'document title: "{brand.name}"',
    'placeholder of <input>: "calculator.enquiry.phone"',
    'text in <a>: "calculator.header.link"',
    'placeholder of <input>: "e.g. {example}"',
    'text in <h1>: "calculator.results.title"',
    'text in <p>: "Call brand.name.short today"',
    'text in <p>: "© {settings.organisation.name}"',
    'title of <span>: "Call {phone}"',
    'title of <span>: "calculator.header.phone"',
  ].sort());
});

test.describe('nothing raw on screen', () => {
  // The hosts are independent: both workers walk them.
  test.describe.configure({ mode: 'parallel' });

  for (const { host, brand, selection, unknown } of brandHosts()) {
    const { text } = layersFor(selection);
    const name = `${host} (${unknown ? `no brand: served as ${brand}` : brand})`;
    /** Every problem of a walk is listed at once (soft), each under the state it was seen in. */
    const checker = (page: Page) => async (what: string) => expect.soft(await rawTextProblems(page), `raw text on ${host}: ${what}`).toEqual([]);

    // A host no brand names is served as the default brand (its texts are that brand's, walked on the brand's own
    // host): its account pages and signed-in landing below show that it is served at all.
    if (!unknown) test(`${name}: calculator pages, dialogs and error states`, async ({ page, url }) => {
      // Nine pages and dialogs, each also checked by axe: three times the usual timeout on a busy 2-core machine.
      test.slow();
      const check = checker(page);
      const dialog = (title: string) => page.getByRole('dialog', { name: title });
      const alertDialog = page.getByRole('alertdialog');
      const step = (name: string) => page.locator(`main[data-step="${name}"]`).waitFor();

      // Choose vehicle, then the request-a-call dialog with a contact number that shows its error.
      await page.goto(url(host, '/calculator'));
      await step('search');
      await check('/calculator');
      await page.getByRole('button', { name: text('calculator.callback.open') }).first().click();
      const callback = dialog(text('calculator.callback.title'));
      await callback.getByLabel(text('calculator.callback.contactNumber')).fill('call me');
      await callback.getByLabel(text('calculator.callback.contactNumber')).press('Tab');
      await expect(callback.getByLabel(text('calculator.callback.contactNumber'))).toHaveAttribute('aria-invalid', 'true');
      await check('request-a-call dialog with a field error');
      await callback.getByRole('button', { name: text('calculator.dialog.close') }).click();
      await expect(callback).toBeHidden();

      // Results with rows and one vehicle shortlisted, then the inclusions dialog.
      await page.goto(url(host, '/calculator/results?vehicleBodytype=SUV'));
      const cards = page.locator('[data-list="results"] article[data-vehicle]');
      await cards.first().waitFor();
      await cards.first().getByRole('button', { name: text('calculator.card.shortlist'), exact: true }).click();
      // The shortlisted group is folded: its card is counted, not seen.
      await expect(page.locator('[data-group="shortlisted"] article')).toHaveCount(1);
      await check('/calculator/results with a shortlisted vehicle');
      await page.getByRole('button', { name: text('calculator.inclusions.open') }).first().click();
      const inclusions = page.getByRole('dialog', { name: text('calculator.inclusions.title') });
      await inclusions.getByText(text('calculator.inclusions.title')).waitFor();
      await check('inclusions dialog');
      await inclusions.locator('button').filter({ hasText: text('calculator.dialog.close') }).click();
      await expect(inclusions).toBeHidden();

      // The filters dialog on a phone.
      await page.setViewportSize(PHONE);
      await page.getByRole('button', { name: text('calculator.results.filters'), exact: true }).click();
      const filters = dialog(text('calculator.results.filters'));
      await filters.getByRole('button', { name: text('calculator.dialog.close') }).waitFor();
      await check('filters dialog at 390 wide');
      await filters.getByRole('button', { name: text('calculator.dialog.close') }).click();
      await expect(filters).toBeHidden();
      await page.setViewportSize(DESKTOP);

      // No results.
      await page.goto(url(host, '/calculator/results?pair=TESLA&vehicleBodytype=UTE'));
      await page.getByRole('dialog').getByText(text('calculator.noResults.body')).waitFor();
      await check('no-results dialog');

      // Shortlist with the vehicle.
      await page.goto(url(host, '/calculator/shortlists'));
      await page.locator('[data-list="shortlist"] article [data-price="primary"]').first().waitFor();
      await check('/calculator/shortlists with one vehicle');

      // Enquiry: a phone that shows its error and a required field left empty.
      await page.goto(url(host, '/calculator/enquire-now'));
      const phone = page.getByLabel(text('calculator.enquiry.phone'));
      await phone.fill('not a number');
      await phone.press('Tab');
      await expect(phone).toHaveAttribute('aria-invalid', 'true');
      await check('/calculator/enquire-now with a field error');

      // Thank you (entering it clears the shortlist), then the empty-shortlist dialog.
      await page.goto(url(host, '/calculator/thank-you'));
      await page.getByText(text('calculator.thanks.title')).waitFor();
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), SHORTLIST_KEY)).toEqual('[]');
      await check('/calculator/thank-you');
      await page.goto(url(host, '/calculator/shortlists'));
      await alertDialog.getByText(text('calculator.shortlists.emptyBody')).waitFor();
      await check('empty-shortlist dialog');
    });

    test(`${name}: account pages, error states and a signed-in landing`, async ({ page, url, freshApplication, login }) => {
      const check = checker(page);
      // Sign-in page, then a failed sign-in (a fresh login of the host's brand, a wrong password).
      const user = await freshApplication({ region: selection.region, brand, role: 'primary', status: 'orderVerification' });
      await page.goto(url(host, '/login'));
      await page.getByRole('heading', { level: 1, name: text('account.login.heading') }).waitFor();
      await check('/login');
      await page.getByLabel(text('account.login.email'), { exact: false }).first().fill(user.email);
      await page.getByLabel(text('account.login.password'), { exact: false }).first().fill(`${user.password}-wrong`);
      await page.getByRole('button', { name: text('account.login.submit') }).click();
      await page.getByRole('alert').filter({ hasText: text('auth.login.invalid') }).waitFor();
      await check('/login after a failed sign-in');

      // Forgot password, reset password (no link: the invalid-link error; a link: a broken rule), the error page.
      await page.goto(url(host, '/login?showLogin=false'));
      await page.getByRole('heading', { level: 1, name: text('account.forgot.heading') }).waitFor();
      await check('/login?showLogin=false (forgot password)');
      await page.goto(url(host, '/reset-password'));
      await page.getByRole('alert').filter({ hasText: text('auth.reset.invalid') }).waitFor();
      await check('/reset-password without a link');
      await page.goto(url(host, `/reset-password?hash=0000&email=${encodeURIComponent(user.email)}`));
      const password = page.getByLabel(text('account.reset.password'), { exact: false }).first();
      await password.fill('abc');
      await password.press('Tab');
      await expect(password).toHaveAttribute('aria-invalid', 'true');
      await check('/reset-password with a broken password rule');
      await page.goto(url(host, '/error'));
      await page.getByRole('heading', { level: 1, name: text('account.error.heading') }).waitFor();
      await check('/error');

      // Signed in: where the fresh application lands.
      await login(page, user.email, { host, password: user.password });
      await page.goto(url(host, '/'));
      await page.waitForURL((u) => u.pathname.startsWith(`/applications/${user.applicationId}`));
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await check(`signed-in landing ${new URL(page.url()).pathname}`);
    });
  }
});
