/**
 * Visible before JavaScript (issue 16 item 2): the routes of `settings.serverRender.paths` come from the
 * server with their first screen in the page (app/server.tsx, loaded by the server from dist-server/), so
 * a browser with JavaScript disabled reads the heading, the fields and the vehicle rows; with JavaScript
 * the app hydrates that markup (the same elements, no hydration error) without asking again for what the
 * server rendered with (no second rate-book request for the same page).
 */
import type { Browser, ConsoleMessage, Page } from '@playwright/test';
import { STORAGE_COOKIE } from '../../runtime/core/serverRender';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const HOST = 'au.localhost';
const { text } = layersFor({ brand: 'acme-au', region: 'au' });

/** A console message that is React's hydration error (production builds give its number: 418, 423, 425 ...). */
const isHydrationError = (m: ConsoleMessage): boolean => m.type() === 'error' && /hydrat|react error #4(1[89]|2\d)\b/i.test(m.text());

/** A page in a context without JavaScript. */
async function withoutScripts(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/**
 * Opens `address` with the app's first script held back until the server's markup is marked (an expando
 * on `<main>`), then lets it run: answers whether that same element is still there once the app has the
 * page (hydrated, not drawn again), and the hydration errors logged. The app has the page once `settled` holds
 * (default: the step's screen has the focus, which it takes when it mounts; a dialog open on arrival takes it instead).
 */
async function hydrate(page: Page, address: string, settled = () => expect(page.locator('main')).toBeFocused()): Promise<{ sameMain: boolean; errors: string[] }> {
  const errors: string[] = [];
  page.on('console', (m) => { if (isHydrationError(m)) errors.push(m.text()); });
  page.on('pageerror', (e) => { if (/hydrat|react error #4(1[89]|2\d)\b/i.test(e.message)) errors.push(e.message); });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => { await held; await route.continue(); });
  await page.goto(address, { waitUntil: 'commit' });
  await page.locator('main').waitFor({ state: 'attached' });
  await page.evaluate(() => { (document.querySelector('main') as HTMLElement & { serverMarkup?: boolean }).serverMarkup = true; });
  release();
  await settled();
  await page.waitForLoadState('networkidle');
  const sameMain = await page.evaluate(() => (document.querySelector('main') as (HTMLElement & { serverMarkup?: boolean }) | null)?.serverMarkup === true);
  await page.unroute(/\/assets\/index-[^/]+\.js$/);
  return { sameMain, errors };
}

test('the sign-in and reset-password pages are visible without JavaScript', async ({ browser, url }) => {
  const page = await withoutScripts(browser);
  await page.goto(url(HOST, '/login'));
  await expect(page).toHaveTitle(text('account.login.title'));
  await expect(page.getByRole('heading', { name: text('account.login.heading') })).toBeVisible();
  await expect(page.getByText(text('account.login.intro'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: text('account.login.email') })).toBeVisible();
  await expect(page.getByRole('button', { name: text('account.login.submit') })).toBeVisible();

  await page.goto(url(HOST, '/reset-password?hash=abc&email=someone%40example.com'));
  await expect(page.getByRole('heading', { name: text('account.reset.heading') })).toBeVisible();
  // The form's initial value comes from the query, as the browser would fill it.
  await expect(page.getByRole('textbox', { name: text('account.reset.username') })).toHaveValue('someone@example.com');
  await expect(page.getByRole('button', { name: text('account.reset.submit') })).toBeVisible();
  await page.context().close();
});

test('the sign-in and reset-password pages hydrate the server\'s markup without a mismatch', async ({ page, url }) => {
  const login = await hydrate(page, url(HOST, '/login'));
  expect(login).toEqual({ sameMain: true, errors: [] });
  // Hydrated: the form answers to the app (an empty submit shows the field errors, no page load).
  await page.getByRole('button', { name: text('account.login.submit') }).click();
  await expect(page.getByRole('textbox', { name: text('account.login.email') })).toHaveAttribute('aria-invalid', 'true');
  const reset = await hydrate(page, url(HOST, '/reset-password?hash=abc&email=someone%40example.com'));
  expect(reset).toEqual({ sameMain: true, errors: [] });
  await expect(page.getByRole('textbox', { name: text('account.reset.username') })).toHaveValue('someone@example.com');
});

/** The results' vehicle cards. */
const cards = (page: Page) => page.locator('[data-list="results"] article[data-vehicle]');
const RESULTS = '/calculator/results?vehicleBodytype=SUV';

test('the calculator\'s first page and the vehicle results are visible without JavaScript', async ({ browser, url, graphql }) => {
  const page = await withoutScripts(browser);
  await page.goto(url(HOST, '/calculator'));
  await expect(page.getByRole('heading', { name: text('calculator.search.title') })).toBeVisible();
  await expect(page.getByRole('button', { name: text('calculator.search.next') })).toBeVisible();
  // The makes come from the catalogue (a load the server ran): each is a check box (in the closed Makes expander).
  await expect(page.locator('details input[type="checkbox"]').first()).toBeAttached();

  await page.goto(url(HOST, RESULTS));
  await expect(page.getByRole('heading', { name: text('calculator.results.title') })).toBeVisible();
  // The rate book's rows for this query, as the server has them.
  const answer = await graphql<{ fetchRatebook: { totalCount: number; results: { rows: { catalogVehicleId: string; vehicleDescription: string }[] } } }>(page, HOST,
    'query Rows($f: RatebookSearchFilters!) { fetchRatebook(searchFilters: $f) { totalCount results { rows { catalogVehicleId vehicleDescription } } } }',
    { f: { countryCode: 'AU', vehicleBodytype: ['SUV'], minDuration: 48, maxDuration: 48, distance: 15000, pageSize: 25, currentPage: 1, sortBy: 'vehicle_description', sortOrder: 'asc', budgetType: 'weekly' } });
  const rows = answer.data?.fetchRatebook.results.rows ?? [];
  expect(rows.length).toBeGreaterThan(0);
  await expect(cards(page)).toHaveCount(rows.length);
  await expect(cards(page).first()).toContainText(rows[0].vehicleDescription);
  await page.context().close();
});

test('the calculator pages hydrate without a mismatch and without asking the rate book again for the same page', async ({ page, url }) => {
  const ratebook: unknown[] = [];
  page.on('request', (r) => {
    if (!r.url().endsWith('/graphql') || r.method() !== 'POST') return;
    const body = r.postDataJSON() as { operationName?: string; variables?: { searchFilters?: { catalogVehicleId?: unknown } } } | null;
    if (body?.operationName === 'fetchRatebook' && !body.variables?.searchFilters?.catalogVehicleId) ratebook.push(body.variables);
  });
  expect(await hydrate(page, url(HOST, '/calculator'))).toEqual({ sameMain: true, errors: [] });
  const results = await hydrate(page, url(HOST, RESULTS));
  expect(results).toEqual({ sameMain: true, errors: [] });
  expect(await cards(page).count()).toBeGreaterThan(0);
  expect(ratebook, 'fetchRatebook requests after the server rendered the results').toEqual([]);
});

/*
 * Pages whose content lives in the browser's storage: the shortlist page's content reads the shortlist (local
 * storage), so for a browser that stores something (the runtime's storage cookie says so) the server sends its
 * shell (stepper, heading, footer) with a skeleton where that content goes (a `clientOnly` group in
 * flows/calculator.yaml), which the browser fills on hydration without moving anything. A browser that stores
 * nothing (a first visit: no such cookie) reads only defaults, so the server renders the content as well. The
 * enquiry page shows nothing stored (the shortlist only travels with the enquiry): the server renders all of it.
 */
const SHORTLISTS = '/calculator/shortlists';
const ENQUIRY = '/calculator/enquire-now';
const SHORTLIST_KEY = 'fleetform.calculator.shortlist';
/** The storage cookie as the runtime keeps it while the shortlist is stored. */
const storedCookie = (address: string) => ({ name: STORAGE_COOKIE, value: encodeURIComponent(SHORTLIST_KEY), url: address });

test('a first visit\'s shortlist page is visible without JavaScript, and hydrates into the empty-shortlist notice', async ({ browser, page, url }) => {
  const noScripts = await withoutScripts(browser);
  await noScripts.goto(url(HOST, SHORTLISTS));
  await expect(noScripts.getByRole('heading', { name: text('calculator.shortlists.title') })).toBeVisible();
  await expect(noScripts.getByText(text('calculator.shortlists.description', { count: 0 }))).toBeVisible();
  await expect(noScripts.locator('main [data-skeleton]')).toHaveCount(0);
  await noScripts.screenshot({ path: 'test-results/screenshots/no-js-shortlists-first-visit-1280.png', fullPage: true });
  await noScripts.context().close();

  const notice = page.getByRole('alertdialog', { name: text('calculator.shortlists.emptyTitle') });
  const noticeHasFocus = () => expect.poll(() => notice.evaluate((dialog) => dialog.contains(document.activeElement)).catch(() => false)).toBe(true);
  expect(await hydrate(page, url(HOST, SHORTLISTS), noticeHasFocus)).toEqual({ sameMain: true, errors: [] });
  // Nothing was stored, so the browser keeps no storage cookie.
  expect((await page.context().cookies()).map((c) => c.name)).not.toContain(STORAGE_COOKIE);
});

test('the shortlist page\'s shell and skeleton and the whole enquiry form are visible without JavaScript', async ({ browser, url }) => {
  const page = await withoutScripts(browser);
  await page.context().addCookies([storedCookie(url(HOST, '/'))]);
  await page.goto(url(HOST, SHORTLISTS));
  await expect(page).toHaveTitle(text('calculator.shortlists.pageTitle'));
  await expect(page.getByRole('heading', { name: text('calculator.shortlists.title') })).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
  const skeleton = page.locator('main [data-skeleton]');
  await expect(skeleton).toBeVisible();
  // Its height is the definitions' (32rem) whatever the shortlist holds; nothing stored is guessed at.
  expect((await skeleton.boundingBox())?.height).toBeCloseTo(32 * 16, 0);
  await expect(page.getByText(text('calculator.shortlists.emptyTitle'))).toHaveCount(0);
  await expect(page.getByRole('button', { name: text('calculator.shortlists.enquire') })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/no-js-shortlists-1280.png', fullPage: true });

  await page.goto(url(HOST, ENQUIRY));
  await expect(page.getByRole('heading', { name: text('calculator.enquiry.title') })).toBeVisible();
  await expect(page.locator('[data-lookup="business"]')).toBeVisible();
  await expect(page.getByRole('button', { name: text('calculator.enquiry.submit') })).toBeVisible();
  await expect(page.locator('main [data-skeleton]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/no-js-enquire-now-1280.png', fullPage: true });
  await page.context().close();
});

for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
  test(`the shortlist page hydrates without a mismatch, fills the skeleton with the stored shortlist and shifts nothing (${viewport.width} px)`, async ({ page, url }) => {
    await page.setViewportSize(viewport);
    await page.context().addCookies([storedCookie(url(HOST, '/'))]);
    // The visitor's shortlist, there before the page loads; the layout shifts summed as CLS counts them.
    await page.addInitScript(([key, list]) => {
      localStorage.setItem(key, list);
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((entries) => {
        for (const e of entries.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    }, [SHORTLIST_KEY, JSON.stringify([{ catalogVehicleId: 'CV0000001', duration: 48 }, { catalogVehicleId: 'CV0000002', duration: 48 }])] as const);
    const shortlist = await hydrate(page, url(HOST, SHORTLISTS));
    expect(shortlist).toEqual({ sameMain: true, errors: [] });
    const cards = page.locator('[data-list="shortlist"] article[data-vehicle]');
    await expect(cards).toHaveCount(2);
    await expect(page.locator('main [data-skeleton]')).toHaveCount(0);
    await expect(page.getByText(text('calculator.shortlists.description', { count: 2 }))).toBeVisible();
    // The rate book's rows have come (the card's RRP) and the page is at rest.
    await expect(cards.first().getByText(/^RRP /)).toBeVisible();
    await page.waitForTimeout(300);
    const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
    console.log(`[serverRender] ${SHORTLISTS} at ${viewport.width} px: layout shift ${shift.toFixed(4)}`);
    expect(shift, 'cumulative layout shift').toBeLessThan(0.1);
  });
}

test('the enquiry page hydrates the server\'s form without a mismatch', async ({ page, url }) => {
  await page.addInitScript(([key, list]) => localStorage.setItem(key, list), [SHORTLIST_KEY, JSON.stringify([{ catalogVehicleId: 'CV0000001', duration: 48 }])] as const);
  expect(await hydrate(page, url(HOST, ENQUIRY))).toEqual({ sameMain: true, errors: [] });
  // Hydrated: the form answers to the app (a first name typed is kept, Submit still waits for the rest).
  await page.getByRole('textbox', { name: text('calculator.enquiry.firstName') }).fill('Ada');
  await expect(page.getByRole('textbox', { name: text('calculator.enquiry.firstName') })).toHaveValue('Ada');
  await expect(page.getByRole('button', { name: text('calculator.enquiry.submit') })).toBeDisabled();
});

/** A signed-in page's address opened in the page's browser (its cookies): the response's headers and whether the root holds the server's screen. */
async function signedInResponse(page: Page, address: string): Promise<{ cacheControl: string | undefined; etag: string | undefined; rendered: boolean; html: string }> {
  const response = await page.goto(address, { waitUntil: 'domcontentloaded' });
  if (!response) throw new Error(`no response for ${address}`);
  const html = await response.text();
  return { cacheControl: response.headers()['cache-control'], etag: response.headers().etag, rendered: !html.includes('<div id="root"></div>'), html };
}

test('signed-in pages (home, order verification, business details) come rendered for their user and hydrate without a mismatch', async ({ page, url, login, freshApplication }) => {
  const details = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.businessDetails': null } });
  const order = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'orderVerification' });
  const pages = [
    { user: details, path: `/applications/${details.applicationId}/businessDetails`, heading: text('businessDetails.heading') },
    { user: details, path: `/applications/${details.applicationId}`, heading: undefined },
    { user: order, path: `/applications/${order.applicationId}/order-verification`, heading: undefined },
  ];
  for (const { user, path, heading } of pages) {
    await page.context().clearCookies();
    await login(page, user.email, { host: HOST, password: user.password });
    const raw = await signedInResponse(page, url(HOST, path));
    expect(raw, path).toMatchObject({ cacheControl: 'private, no-store', etag: undefined, rendered: true });
    expect(raw.html, path).toContain(user.email);
    expect(await hydrate(page, url(HOST, path)), path).toEqual({ sameMain: true, errors: [] });
    expect(new URL(page.url()).pathname).toBe(path);
    if (heading) await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
});

test('a signed-in page is its user\'s alone: another user\'s cookie gets their own, no cookie gets the plain page and goes to sign in', async ({ page, url, login, newPage, freshApplication }) => {
  const first = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.businessDetails': null } });
  const second = await freshApplication({ region: 'au', brand: 'acme-au', role: 'primary', status: 'businessDetails', set: { 'scoreboard.businessDetails': null } });
  const address = url(HOST, `/applications/${first.applicationId}/businessDetails`);
  await login(page, first.email, { host: HOST, password: first.password });
  const mine = await signedInResponse(page, address);
  expect(mine.rendered).toBe(true);
  expect(mine.html).toContain(first.email);
  // The same address right after, with the second user's cookie: nothing of the first user's (no cache shared it).
  const other = await newPage({ width: 1280, height: 800 });
  await login(other, second.email, { host: HOST, password: second.password });
  const theirs = await signedInResponse(other, address);
  expect(theirs.cacheControl).toBe('private, no-store');
  expect(theirs.html).not.toContain(first.email);
  const own = await signedInResponse(other, url(HOST, `/applications/${second.applicationId}/businessDetails`));
  expect(own.rendered).toBe(true);
  expect(own.html).toContain(second.email);
  expect(own.html).not.toContain(first.email);
  // Without a session: the plain page, and the app sends the visitor to sign in, as before.
  const anonymous = await newPage({ width: 1280, height: 800 });
  const plain = await signedInResponse(anonymous, address);
  expect(plain.rendered).toBe(false);
  expect(plain.html).not.toContain(first.email);
  await anonymous.goto(address);
  await expect(anonymous).toHaveURL(/\/login/);
});
