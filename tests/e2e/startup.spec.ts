/**
 * Start-up and session (issue 12): the app reads its configuration from the page and stops with the
 * start-up text when the element is missing or its JSON cannot be parsed (spec 000 s7); a signed-in
 * user with no application lands on the no-application screen with the contact box (000 s2); the
 * session's idle warning shows before the session ends, 'Stay signed in' keeps it, and at the end the
 * browser is on the sign-in page saying why, the server session gone (002 s7). Texts from the catalogue.
 */
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
const CONFIG = /<script type="application\/json" id="app-config">[\s\S]*?<\/script>/;

/** Serves the app's page with its configuration element replaced by `replacement` (its JSON corrupted, or removed). */
async function corruptConfig(page: Page, replacement: string): Promise<void> {
  await page.route((u) => u.pathname === '/login', async (route) => {
    // Node (where Playwright fetches) cannot resolve *.localhost: the loopback address, with the page's Host.
    const address = new URL(route.request().url());
    const response = await route.fetch({ url: address.href.replace(address.hostname, '127.0.0.1'), headers: { ...route.request().headers(), host: address.host } });
    const html = await response.text();
    expect(html, 'the page carries its configuration').toMatch(CONFIG);
    const headers = { ...response.headers() };
    delete headers['content-encoding'];
    delete headers['content-length'];
    await route.fulfill({ response, headers, body: html.replace(CONFIG, replacement) });
  });
}

test('the page carries the brand; a missing or unparsable configuration stops with the start-up text', async ({ page, url, shoot }) => {
  const { text } = layersFor(AU.selection);
  // As served: the app starts with the brand's texts (the sign-in page).
  await page.goto(url(AU.host, '/login'));
  await expect(page.getByRole('heading', { name: text('account.login.heading') })).toBeVisible();
  const required = text('startup.configRequired');
  for (const [what, replacement] of [
    ['not JSON', '<script type="application/json" id="app-config">{"selection": </script>'],
    ['JSON of the wrong shape', '<script type="application/json" id="app-config">[1, 2]</script>'],
    ['missing', ''],
  ] as const) {
    await page.unroute((u) => u.pathname === '/login');
    await corruptConfig(page, replacement);
    await page.goto(url(AU.host, '/login'));
    await expect(page.getByRole('alert'), what).toHaveText(required);
    // It stopped: nothing of the app rendered, and no GraphQL request was made.
    await expect(page.getByRole('heading', { name: text('account.login.heading') }), what).toHaveCount(0);
    await expect(page).toHaveTitle(required);
  }
  await shoot(page, 'startup-config-required');
});

for (const { host, selection } of [AU, NZ]) {
  test(`a signed-in user with no application sees the no-application screen in the shell with the contact box (${selection.region})`, async ({ page, url, login, shoot }) => {
    const { text, layers } = layersFor(selection);
    const { redirectTo } = await login(page, `noapplication.${selection.region}@demo.example`);
    expect(redirectTo).toBe('/applications');
    await page.goto(url(host, '/'));
    await page.waitForURL((u) => u.pathname === '/applications');
    await expect(page.getByRole('heading', { name: text('account.noApplication.heading') })).toBeVisible();
    await expect(page.getByText(text('account.noApplication.body'), { exact: true })).toBeVisible();
    const box = page.locator('[data-widget="contactBox"]');
    await expect(box.getByRole('heading', { name: text('account.noApplication.contact') })).toBeVisible();
    // The contacts by the layering rule (000 s2): the brand's profile, the region's only where it gives none; the
    // phone a tap-to-call link.
    const profile = (layers.settings.profile ?? {}) as { phoneNumber?: string; email?: string };
    const phone = profile.phoneNumber || String(layers.settings.phone);
    const email = profile.email || String(layers.settings.supportEmail);
    await expect(box.getByRole('link', { name: phone, exact: true })).toHaveAttribute('href', `tel:${phone.replace(/[^0-9+]/g, '')}`);
    await expect(box.getByRole('link', { name: email, exact: true })).toHaveAttribute('href', `mailto:${email}`);
    await expect(page.locator('footer')).toContainText(phone);
    // A signed-in page in the shell (000 s2 'Layouts'): header with the logo, content, footer.
    await expect(page.locator('header').getByRole('img', { name: text('brand.logo.alt'), exact: true })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(text('account.noApplication.title')));
    await shoot(page, `no-application-${selection.region}`);
  });
}

// Fresh applications (POST /dev/applications): a seeded user may be throttled by another spec's failed sign-ins.
test('a user with an application who opens /applications goes on to its home', async ({ page, url, login, freshApplication }) => {
  const user = await freshApplication({ region: 'au', role: 'primary', status: 'approvals' });
  const { redirectTo } = await login(page, user.email, { host: user.host, password: user.password });
  await page.goto(url(AU.host, '/applications'));
  await page.waitForURL((u) => u.pathname === redirectTo || u.pathname.startsWith(`${redirectTo}/`));
});

test('the idle warning shows before the session ends; Stay signed in keeps it; at the end the sign-in page says why', async ({ page, url, login, graphql, shoot, freshApplication }) => {
  const { text } = layersFor(AU.selection);
  const user = await freshApplication({ region: 'au', role: 'primary', status: 'approvals' });
  const { redirectTo } = await login(page, user.email, { host: user.host, password: user.password });
  await page.goto(url(AU.host, redirectTo ?? '/'));
  await page.waitForURL((u) => u.pathname === redirectTo || u.pathname.startsWith(`${redirectTo}/`));
  // Demo control: this session only ends after 8 s without a request (the brand's setting is minutes).
  const status = await page.evaluate(() => fetch('/dev/session-idle', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ idleSeconds: 8 }) }).then((r) => r.status));
  expect(status).toBe(200);
  await page.reload();
  const dialog = page.getByRole('alertdialog', { name: text('session.idle.title') });
  // The warning comes half the idle time before the end (the setting's 60 s is capped at half of 8 s).
  await expect(dialog).toBeVisible({ timeout: 8_000 });
  await expect(dialog).toContainText(/\d+/);
  await shoot(page, 'idle-warning', { fullPage: false });
  await dialog.getByRole('button', { name: text('session.idle.stay') }).click();
  await expect(dialog).toBeHidden();
  // The session lives on (the server's clock restarted): the warning comes back and then the end.
  await expect(dialog).toBeVisible({ timeout: 8_000 });
  await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('reason') === 'idle', { timeout: 10_000 });
  await expect(page.getByText(text('session.idle.ended'))).toBeVisible();
  await shoot(page, 'idle-ended');
  const session = await graphql<{ session: unknown }>(page, AU.host, 'query { session { redirectTo } }');
  expect(session.data?.session).toBeNull();
});
