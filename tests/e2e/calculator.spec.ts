/**
 * The public lease calculator in headless Chromium against the real server (seeded rate book and
 * business registry), AU and NZ: choose vehicle, results (URL contract, filter, sort, page),
 * shortlist limit, shortlist page, enquiry with a business found by ABN / NZBN, thank-you; the
 * anonymous shortlist surviving a reload; a signed-in customer's shortlist saved to the account;
 * screenshots of every page at phone and desktop size; the initial JS of /calculator.
 */
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { abnFor, nzbnFor } from '../../server/seed/referenceData';
import { expectEqual, test, type E2EContext } from './harness';
import { describeInitialJs, initialJs } from './initialJs';

const ROOT = resolve(import.meta.dirname, '../..');
const SHOTS = join(ROOT, 'test-results');
/** Budget of the initial JS of /calculator (gzip kB, every script loaded before the first render). */
const BUDGET_KB = 240;

/** The first seeded business of each region (server/seed/data/businesses.yaml, numbers from referenceData.ts). */
const BUSINESS = {
  au: { number: abnFor(123456789), name: 'Harbour Freight Logistics' },
  nz: { number: nzbnFor(10000000), name: 'Kauri Coast Builders' },
};

const cards = (page: Page) => page.locator('[data-list="results"] article[data-vehicle]');
const cardTitles = async (page: Page) => cards(page).locator('h3').allInnerTexts();

/** A screenshot under test-results/: the whole page on desktop, the first screen on a phone (pages are long there). */
async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `calculator-${name}.png`), fullPage: (page.viewportSize()?.width ?? 0) > 600 });
}

/** Polls `check` until it answers true (results re-render after the URL changes). */
async function until(page: Page, check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await page.waitForTimeout(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function resultsLoaded(page: Page): Promise<void> {
  await page.getByText(/^\d+-\d+ of \d+$/).waitFor();
  // Cards are a widget in their own chunk: wait for them too.
  await cards(page).first().waitFor();
  await page.waitForFunction(() => !document.body.innerText.includes('Loading vehicles...'));
}

/** Choose vehicle: SUV, Electric and two makes, then Next; answers the results URL. */
async function chooseVehicle(page: Page, url: string, screenshot?: string): Promise<URL> {
  await page.goto(url);
  await page.getByRole('button', { name: 'SUV', exact: true }).click();
  await page.getByRole('button', { name: 'Electric', exact: true }).click();
  await page.getByText('Select the makes', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'KIA', exact: true }).check();
  await page.getByRole('checkbox', { name: 'TESLA', exact: true }).check();
  if (screenshot) await shot(page, screenshot);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL(/\/calculator\/results\?/);
  await resultsLoaded(page);
  return new URL(page.url());
}

/** Shortlists the first `n` result cards that are not shortlisted yet. */
async function shortlist(page: Page, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await cards(page).filter({ has: page.getByRole('button', { name: 'Shortlist', exact: true }) }).first()
      .getByRole('button', { name: 'Shortlist', exact: true }).click();
  }
}

async function journey(t: E2EContext, region: 'au' | 'nz'): Promise<void> {
  const { page, url } = t;
  const host = `${region}.localhost`;
  const results = await chooseVehicle(page, url(host, '/calculator'), `${region}-search-1280`);
  // Next's query: makes upper-cased joined by '|', comma-joined fuel and body, standard URL encoding.
  expectEqual(results.search, '?pair=KIA%7CTESLA&vehicleFueltype=ELECTRIC&vehicleBodytype=SUV', 'results query');
  const makes = (await cardTitles(page)).map((title) => title.split(' ')[0]);
  if (!makes.length || makes.some((m) => m !== 'KIA' && m !== 'TESLA')) throw new Error(`results of other makes: ${makes.join(', ')}`);
  await shot(page, `${region}-results-1280`);

  // Filter: only the KIA EV6 model; 'Update search' is enabled only after a change.
  const panel = page.locator('aside');
  const update = panel.getByRole('button', { name: 'Update search' });
  expectEqual(await update.isDisabled(), true, 'Update search before a change');
  await panel.getByRole('checkbox', { name: 'KIA EV6', exact: true }).check();
  expectEqual(await update.isDisabled(), false, 'Update search after a change');
  // Cab type is only for utes.
  expectEqual(await panel.getByRole('checkbox', { name: 'Dual cab' }).isDisabled(), true, 'cab type without ute');
  await update.click();
  await page.waitForURL(/pair=KIA%3AEV6%7CTESLA/);
  await until(page, async () => {
    const titles = await cardTitles(page);
    return titles.length > 0 && titles.every((title) => /^(KIA EV6|TESLA )/.test(title));
  }, 'only KIA EV6 and TESLA results');

  // A raw (unencoded) query is accepted; page through every SUV ten at a time.
  await page.goto(url(host, '/calculator/results?pair=KIA:EV6|TESLA&vehicleBodytype=SUV&pageSize=10'));
  await resultsLoaded(page);
  const raw = await cardTitles(page);
  expectEqual(raw.length > 0 && raw.every((title) => /^(KIA EV6|TESLA )/.test(title)), true, 'raw pair accepted');
  await page.goto(url(host, '/calculator/results?vehicleBodytype=SUV&pageSize=10'));
  await resultsLoaded(page);
  const range = await page.getByText(/^\d+-\d+ of \d+$/).innerText();
  const total = Number(range.split(' of ')[1]);
  if (!range.startsWith('1-10 of ') || total <= 20) throw new Error(`range text ${range}`);
  const pageButtons = await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: /^Page \d+$/ }).count();
  expectEqual(pageButtons, Math.min(6, Math.ceil(total / 10)), 'page buttons (at most 6)');
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await page.waitForURL(/currentPage=2/);
  await page.getByText(`11-20 of ${total}`).waitFor();

  // Sort by RRP ascending, then descending; sorting goes back to page 1.
  await page.getByLabel('Sort by').selectOption({ label: 'RRP' });
  await page.waitForURL((u) => u.searchParams.get('sortBy') === 'consumer_price' && !u.searchParams.has('currentPage'));
  await resultsLoaded(page);
  const rrps = async () => (await cards(page).getByText(/^RRP /).allInnerTexts()).map((s) => Number(s.replace(/[^0-9]/g, '')));
  const sorted = (list: number[], by: (a: number, b: number) => number) => list.length > 1 && JSON.stringify([...list].sort(by)) === JSON.stringify(list);
  await until(page, async () => sorted(await rrps(), (a, b) => a - b), 'RRP ascending');
  await page.getByRole('button', { name: 'Ascending ↑' }).click();
  await page.waitForURL(/sortOrder=desc/);
  await until(page, async () => sorted(await rrps(), (a, b) => b - a), 'RRP descending');

  // Monthly repayment puts the monthly price first.
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await cards(page).first().locator('[data-price="primary"]').filter({ hasText: '/month' }).waitFor();
  await page.getByRole('button', { name: 'Weekly', exact: true }).click();

  // Shortlist three: the limit notice shows and further shortlisting is disabled.
  await shortlist(page, 3);
  await page.getByText('Limit has been reached.').waitFor();
  const next = cards(page).filter({ has: page.getByRole('button', { name: 'Shortlist', exact: true }) }).first().getByRole('button', { name: 'Shortlist', exact: true });
  expectEqual(await next.isDisabled(), true, 'fourth Shortlist button');
  await page.getByText('Shortlisted vehicles (3)').waitFor();
  const resultsUrl = page.url();
  await shot(page, `${region}-results-shortlisted-1280`);

  // Shortlist page: term, distance, repayment; Edit shortlist keeps the query; Enquire now.
  await page.getByRole('button', { name: 'View shortlist' }).click();
  await page.waitForURL(/\/calculator\/shortlists$/);
  await page.locator('[data-list="shortlist"] article').nth(2).waitFor();
  await page.getByText('Customise', { exact: true }).click();
  await page.getByRole('button', { name: '5 years (60 months)' }).click();
  await page.getByText('Annual distance: 15,000 km', { exact: false }).waitFor();
  await shot(page, `${region}-shortlist-1280`);
  await page.getByRole('button', { name: 'Edit shortlist' }).click();
  await page.waitForURL(resultsUrl);
  await page.getByRole('button', { name: 'View shortlist' }).click();
  await page.waitForURL(/\/calculator\/shortlists$/);
  await page.getByRole('button', { name: 'Enquire now' }).click();
  await page.waitForURL(/\/calculator\/enquire-now$/);

  // Enquiry: the business found by its number (debounced search), then the form.
  const business = BUSINESS[region];
  await page.getByText(region === 'au' ? 'ABN or company name' : 'NZBN or company name').waitFor();
  await page.locator('[data-lookup="business"]').fill(business.number);
  await page.locator(`[data-business="${business.number}"]`).click();
  await until(page, async () => (await page.locator('[data-lookup="business"]').inputValue()) === business.name, `selected business ${business.name}`);
  const submit = page.getByRole('button', { name: 'Submit' });
  expectEqual(await submit.isDisabled(), true, 'Submit before the details');
  await page.getByRole('radio', { name: region === 'au' ? 'Call me' : 'Create an online account' }).check();
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Driver');
  // A phone number that shows an error (after its blur) keeps Submit disabled though every value is set (002 s5).
  await page.getByLabel('Phone').fill('not a number');
  await page.getByLabel('Email').fill(`casey.${region}.${Date.now()}@example.com`);
  if (region === 'au') await page.getByLabel('Postcode').fill('2000');
  else await page.getByLabel('Location').fill('Auckland');
  await page.getByLabel('Fleet size').fill('12');
  await page.getByLabel('Years trading').selectOption({ label: region === 'au' ? '2 - 5 years' : '1 - 5' });
  await until(page, async () => (await page.getByLabel('Phone').getAttribute('aria-invalid')) === 'true', 'phone error shown');
  expectEqual(await submit.isDisabled(), true, 'Submit while the phone shows an error');
  await page.getByLabel('Phone').fill(region === 'au' ? '0412345678' : '021234567');
  await until(page, async () => !(await submit.isDisabled()), 'Submit enabled once the phone is fixed');
  await shot(page, `${region}-enquire-1280`);
  await submit.click();

  await page.waitForURL(/\/calculator\/thank-you$/);
  await page.getByRole('heading', { name: 'Thank you.' }).waitFor();
  await page.getByText(region === 'au' ? 'Your request has been submitted.' : 'Your account has been created').waitFor();
  expectEqual(await page.evaluate(() => localStorage.getItem('fleetform.calculator.shortlist')), '[]', 'shortlist cleared');
  await shot(page, `${region}-thank-you-1280`);
}

test('calculator AU: choose, results URL, filter, sort, page, shortlist limit, shortlist, enquire by ABN, thank you', (t) => journey(t, 'au'));
test('calculator NZ: choose, results URL, filter, sort, page, shortlist limit, shortlist, enquire by NZBN, thank you', (t) => journey(t, 'nz'));

test('calculator: an anonymous shortlist survives a reload; empty shortlist notice returns to the results', async ({ page, url }) => {
  await chooseVehicle(page, url('au.localhost', '/calculator'));
  await shortlist(page, 2);
  const picked = await page.locator('[data-group="shortlisted"] article').evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle')));
  expectEqual(picked.length, 2, 'shortlisted');
  await page.reload();
  await resultsLoaded(page);
  await page.getByText('Shortlisted vehicles (2)').waitFor();
  await page.getByRole('button', { name: 'View shortlist' }).click();
  await page.waitForURL(/\/calculator\/shortlists$/);
  await page.reload();
  await page.locator('[data-list="shortlist"] article').nth(1).waitFor();
  const kept = await page.locator('[data-list="shortlist"] article').evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle')));
  expectEqual(kept, picked, 'shortlist after reload');
  for (let i = 0; i < 2; i++) await page.locator('[data-list="shortlist"] article').first().getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('alertdialog').getByText('No vehicles are shortlisted.').waitFor();
  await page.getByText('Please shortlist at least one vehicle to proceed.').waitFor();
  await page.getByRole('button', { name: 'Return to search results' }).click();
  await page.waitForURL(/\/calculator\/results\?pair=KIA%7CTESLA/);
});

test('calculator: request a call from the header', async ({ page, url }) => {
  await page.goto(url('au.localhost', '/calculator'));
  await page.getByRole('button', { name: 'Request a call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a call' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await dialog.getByLabel('First name').fill('Robin');
  expectEqual(await submit.isDisabled(), true, 'Submit without last name and number');
  await dialog.getByLabel('Last name').fill('Fleet');
  // A contact number that shows an error (after its blur) keeps Submit disabled (002 s5).
  await dialog.getByLabel('Contact number').fill('call me');
  await dialog.getByLabel('E-mail').fill('robin.fleet@example.com');
  await until(page, async () => (await dialog.getByLabel('Contact number').getAttribute('aria-invalid')) === 'true', 'contact number error shown');
  expectEqual(await submit.isDisabled(), true, 'Submit while the contact number shows an error');
  await dialog.getByLabel('Contact number').fill('0412345678');
  await until(page, async () => !(await submit.isDisabled()), 'Submit enabled once the contact number is fixed');
  await dialog.getByLabel('Message').fill('Please call after 3 pm.');
  await page.waitForTimeout(300); // the dialog's fade-in
  await shot(page, 'au-request-call-1280');
  await submit.click();
  await dialog.getByText('Thank you. A lease specialist will call you shortly.').waitFor();
});

test('calculator: no results shows the dialog and Start a new search', async ({ page, url }) => {
  await page.goto(url('au.localhost', '/calculator/results?pair=TESLA&vehicleBodytype=UTE'));
  const dialog = page.getByRole('dialog');
  await dialog.getByText('Sorry. No results are available as your search criteria was too specific.').waitFor();
  await dialog.getByRole('button', { name: 'Start a new search' }).click();
  await page.waitForURL(/\/calculator$/);
});

test("calculator: a signed-in customer's shortlist is merged at sign-in and saved to the account", async ({ page, url, login, graphql }) => {
  const search = url('au.localhost', '/calculator/results?pair=TOYOTA&vehicleBodytype=SUV');
  // Anonymous first: one vehicle kept locally.
  await page.goto(search);
  await resultsLoaded(page);
  const local = await cards(page).first().getAttribute('data-vehicle');
  await shortlist(page, 1);
  await login(page, 'calculator.viewshortlist.au@demo.example');
  await page.goto(search);
  await resultsLoaded(page);
  // Signed-in users see no stepper, and Logout instead of Customer login.
  expectEqual(await page.getByRole('navigation', { name: 'Vehicle results' }).count(), 0, 'stepper hidden when signed in');
  const shown = () => page.locator('[data-group="shortlisted"] article').evaluateAll((els) => els.map((e) => e.getAttribute('data-vehicle')));
  const query = 'query { getVehicleApplication { calculator { shortlists { catalogVehicleId } } } }';
  const saved = async () => {
    const answer = await graphql<{ getVehicleApplication: { calculator: { shortlists: { catalogVehicleId: string }[] | null } | null } }>(page, 'au.localhost', query);
    return (answer.data?.getVehicleApplication?.calculator?.shortlists ?? []).map((item) => item.catalogVehicleId);
  };
  // The merged list (local vehicle appended unless the account already held the limit) is shown and saved.
  await until(page, async () => {
    const ids = (await shown()).map(String).sort();
    return ids.length > 0 && (ids.includes(String(local)) || ids.length === 3) && JSON.stringify(ids) === JSON.stringify((await saved()).sort());
  }, 'the merged shortlist, shown and saved');
  if (page.url() !== search) await page.goto(search);
  // Make room if needed, then shortlist a vehicle not yet on the list: it is saved to the application.
  if ((await shown()).length >= 3) {
    await page.getByText(/^Shortlisted vehicles/).click();
    await page.locator('[data-group="shortlisted"] article').first().getByRole('button', { name: 'Shortlisted' }).click();
  }
  const free = cards(page).filter({ has: page.getByRole('button', { name: 'Shortlist', exact: true }) }).first();
  const id = await free.getAttribute('data-vehicle');
  await free.getByRole('button', { name: 'Shortlist', exact: true }).click();
  await until(page, async () => (await saved()).includes(String(id)), `vehicle ${id} saved to the application`);
  expectEqual((await saved()).sort(), ((await shown()) as string[]).sort(), 'saved list equals the shown list');
});

test('calculator pages at 390x844 and 1280x900 (screenshots)', async ({ newPage, url }) => {
  const vehicles = await (async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await page.goto(url('au.localhost', '/calculator/results?vehicleBodytype=SUV'));
    await resultsLoaded(page);
    await shortlist(page, 2);
    return page.evaluate(() => localStorage.getItem('fleetform.calculator.shortlist'));
  })();
  for (const [w, h] of [[390, 844], [1280, 900]] as const) {
    const page = await newPage({ width: w, height: h });
    await page.addInitScript((list) => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('fleetform.calculator.shortlist', list ?? '[]'); sessionStorage.setItem('seeded', '1'); } }, vehicles);
    for (const [name, path] of [['search', '/calculator'], ['results', '/calculator/results?vehicleBodytype=SUV&vehicleFueltype=ELECTRIC'], ['shortlist', '/calculator/shortlists'], ['enquire', '/calculator/enquire-now'], ['thank-you', '/calculator/thank-you']]) {
      await page.goto(url('nz.localhost', path));
      await page.locator('main[data-step]').waitFor();
      if (name === 'results') await resultsLoaded(page);
      if (name === 'shortlist') await page.locator('[data-list="shortlist"] article').first().waitFor();
      if (name === 'enquire') await page.getByLabel('First name').waitFor();
      await shot(page, `nz-${name}-${w}`);
    }
    if (w === 390) {
      await page.goto(url('nz.localhost', '/calculator/results?vehicleBodytype=SUV'));
      await resultsLoaded(page);
      await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      await page.waitForTimeout(400); // the dialog's fade-in
      await shot(page, 'nz-results-filters-390');
    }
  }
});

test('calculator: initial JS of /calculator before first render is within budget', async ({ page, url }) => {
  const measured = await initialJs(page, url('au.localhost', '/calculator'), 'main[data-step="search"]');
  const { scripts, kb } = measured;
  console.log(`      /calculator initial JS: ${describeInitialJs(measured)}`);
  expectEqual(scripts.filter((s) => /FormView|validators/.test(s)), [], 'no form or validator chunk before first render');
  if (kb > BUDGET_KB) throw new Error(`initial JS ${kb.toFixed(1)} kB gzip exceeds ${BUDGET_KB} kB`);
});

test('calculator: a refused enquiry shows the error notification and keeps the form', async ({ page, url }) => {
  // A shortlisted vehicle the rate book does not have: the server refuses the enquiry (GraphQL error).
  await page.goto(url('au.localhost', '/calculator'));
  await page.evaluate(() => localStorage.setItem('fleetform.calculator.shortlist', JSON.stringify([{ catalogVehicleId: 'NO-SUCH-VEHICLE', duration: 48 }])));
  await page.goto(url('au.localhost', '/calculator/enquire-now'));
  const business = BUSINESS.au;
  await page.locator('[data-lookup="business"]').fill(business.number);
  await page.locator(`[data-business="${business.number}"]`).click();
  await until(page, async () => (await page.locator('[data-lookup="business"]').inputValue()) === business.name, `selected business ${business.name}`);
  await page.getByRole('radio', { name: 'Call me' }).check();
  await page.getByLabel('First name').fill('Casey');
  await page.getByLabel('Last name').fill('Driver');
  await page.getByLabel('Phone').fill('0412345678');
  await page.getByLabel('Email').fill(`casey.refused.${Date.now()}@example.com`);
  await page.getByLabel('Postcode').fill('2000');
  await page.getByLabel('Fleet size').fill('12');
  await page.getByLabel('Years trading').selectOption({ label: '2 - 5 years' });
  const submit = page.getByRole('button', { name: 'Submit' });
  await until(page, async () => !(await submit.isDisabled()), 'Submit enabled');
  await submit.click();
  await page.getByRole('dialog').getByText('Oops! There seems to be an issue').waitFor();
  expectEqual(/\/calculator\/enquire-now$/.test(page.url()), true, 'still on the enquiry page');
  await page.getByRole('dialog').press('Escape');
  expectEqual(await page.getByLabel('First name').inputValue(), 'Casey', 'form values kept');
  expectEqual(await page.getByLabel('Fleet size').inputValue(), '12', 'form values kept');
});

test('calculator: results read minDuration, maxDuration and vehicleMake from the query (000 s5)', async ({ page, url }) => {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postDataJSON() as { operationName?: string; variables?: { searchFilters?: Record<string, unknown> } } | null : null;
    if (body?.operationName === 'fetchRatebook' && body.variables?.searchFilters) sent.push(body.variables.searchFilters);
  });
  await page.goto(url('au.localhost', '/calculator/results?vehicleBodytype=SUV&minDuration=36&maxDuration=60&vehicleMake=KIA,TESLA'));
  await until(page, async () => sent.length > 0, 'fetchRatebook sent');
  const filters = sent[0];
  expectEqual([filters.minDuration, filters.maxDuration], [36, 60], 'durations from the query, as integers');
  expectEqual(filters.vehicleMake, ['KIA', 'TESLA'], 'makes split on commas');
  expectEqual(filters.vehicleBodytype, ['SUV'], 'body types split on commas');
});
