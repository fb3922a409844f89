/**
 * Application Review, consent and the credit check's screens (issue 33; spec 001 s2 'Application Review screen', s4, s5
 * 'Review screen per-field', s9; 002 s2 'Waiting screen', 'On-hold screen', s4) on the real server, the credit-bureau
 * sandbox answering as `/dev/creditbureau` tells it: AU at desktop width, an inline edit refused then accepted (stored on
 * the server), the privacy notice PDF in its dialog, consent, Confirm & Submit, landing on each outcome in turn
 * (approved, declined, refer, waiting -> on hold); NZ at phone width, the review's own phone rule (business details took
 * 9 digits), the revenue normalised as typed, then on hold after the second officer's ID: Resubmit Application and the
 * waiting screen's three polls on a clock the test moves (no 30-second wait). Every text is read from the definitions.
 */
import type { Page } from '@playwright/test';
import { layersFor } from './definitions';
import { expect, test, type E2EFixtures, type FreshApplication } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
/** At the review: the primary officer's identity completed (a completed identity opens the review directly, 001 s4). */
const AT_REVIEW = { 'scoreboard.primaryApplicant.identityVerificationStatus': 'completed' };

type Fx = Pick<E2EFixtures, 'login' | 'url' | 'graphql'>;

/** The sandbox's next answer for this officer (POST /dev/creditbureau, docs/sandboxes.md), from the page (Chromium resolves *.localhost). */
async function nextAnswer(page: Page, url: E2EFixtures['url'], host: string, outcome: string, email: string) {
  const status = await page.evaluate(async ({ to, body }) => (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status, { to: url(host, '/dev/creditbureau'), body: JSON.stringify({ outcome, email }) });
  expect(status).toBe(200);
}

/** Signs in and opens the approvals route (the ID check page, the review below). */
async function openReview(page: Page, { login, url }: Fx, user: FreshApplication, host: string) {
  await login(page, user.email, { host, password: user.password });
  await page.goto(url(host, `/applications/${user.applicationId}/approvals`));
}

/** An inline edit: pencil (unless the box is open, e.g. after a refusal), a value typed, tick. */
async function edit(page: Page, id: string, value: string) {
  const row = page.locator(`[data-inline-edit="${id}"]`);
  if (!(await row.getByRole('textbox').count())) await row.locator('[data-inline-action="edit"]').click();
  await row.getByRole('textbox').fill(value);
  await row.locator('[data-inline-action="save"]').click();
  return row;
}

/** The business details as the server has them now. */
async function businessDetails(fx: Fx, page: Page, host: string, id: string) {
  const answer = await fx.graphql<{ getVehicleApplication: { scoreboard: { businessDetails: { annualRevenue: unknown; entityDetails: { businessContactNumber: string } } } } }>(page, host,
    'query($id: ID) { getVehicleApplication(applicationId: $id) { scoreboard { businessDetails { annualRevenue entityDetails { businessContactNumber } } } } }', { id });
  return answer.data!.getVehicleApplication.scoreboard.businessDetails;
}

/** Ticks the declaration box and presses Confirm & Submit (enabled only once ticked). */
async function confirmAndSubmit(page: Page, text: (k: string) => string) {
  const submit = page.getByRole('button', { name: text('review.submit'), exact: true });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: text('review.consent.agree') }).check();
  await expect(submit).toBeEnabled();
  await submit.click();
}

test('application review au (desktop): inline edit refused then accepted, the privacy notice and consent, Confirm & Submit, each credit outcome\'s screen', async ({ newPage, login, url, graphql, freshApplication, shoot }) => {
  const fx = { login, url, graphql };
  const { text } = layersFor(AU.selection);
  const page = await newPage(DESKTOP);
  const user = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'approvals', set: AT_REVIEW });
  await openReview(page, fx, user, AU.host);

  // Every section in order; the review's currency format (001 s9: US dollars); no trading address (the same as the
  // legal one), no secondary officer (none on this application).
  await expect(page.getByText(text('review.business.heading'), { exact: true })).toBeVisible();
  const headings = ['review.business.heading', 'review.cashflow.heading', 'review.other.heading', 'review.officer.heading', 'review.declarations.heading'].map((k) => text(k));
  const body = (await page.locator('main').innerText());
  const at = headings.map((h) => body.indexOf(h));
  expect(at.every((i, n) => i >= 0 && (n === 0 || i > at[n - 1])), `headings in order: ${at.join(', ')}`).toBe(true);
  await expect(page.locator('[data-inline-value="annualRevenue"]')).toHaveText('$1,250,000');
  await expect(page.locator('[data-inline-value="valueOfApplication"]')).toHaveText('$100,000');
  await expect(page.locator('[data-inline-edit="tradingAddress"]')).toHaveCount(0);
  await expect(page.getByText(text('review.secondary.heading'), { exact: true })).toHaveCount(0);
  // Personal Guarantee: yes/no, its edit hidden; Value of Application read only.
  await expect(page.locator('[data-inline-value="personalGuarantee"]')).toHaveText(new RegExp(`^(${text('review.yes')}|${text('review.no')})$`));
  await expect(page.locator('[data-inline-edit="personalGuarantee"] [data-inline-action="edit"]')).toHaveCount(0);
  await expect(page.locator('[data-inline-edit="valueOfApplication"] [data-inline-action="edit"]')).toHaveCount(0);

  // Company Contact Phone: 8 digits refused with the review's exact-length text, nothing saved; 10 typed with spaces
  // accepted and stored without them.
  const phone = await edit(page, 'businessContactNumber', '0412 3456');
  await expect(phone.getByText(text('validation.exactLength', { n: 10 }), { exact: true })).toBeVisible();
  await phone.locator('[data-inline-action="cancel"]').click();
  await expect(page.locator('[data-inline-value="businessContactNumber"]')).toHaveText('0298765432');
  await edit(page, 'businessContactNumber', '0412 999 888');
  await expect(page.locator('[data-inline-value="businessContactNumber"]')).toHaveText('0412999888');
  expect((await businessDetails(fx, page, AU.host, user.applicationId)).entityDetails.businessContactNumber).toBe('0412999888');

  // 'Review Privacy Collection Notice & Consent': the region's PDF full screen (served by /pdf-assets/), Confirm.
  await expect(page.getByRole('checkbox', { name: text('review.consent.agree') })).toHaveCount(0);
  await page.getByRole('button', { name: text('review.consent.open'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('review.consent.title') });
  await expect(dialog).toBeVisible();
  const src = await dialog.locator('iframe[data-frame="consentPdf"]').getAttribute('src');
  expect(src).toBe('/pdf-assets/privacy-notice-au.pdf?view');
  const pdf = await page.evaluate(async (to) => { const r = await fetch(to); return { type: r.headers.get('content-type'), head: (await r.text()).slice(0, 5) }; }, src!);
  expect(pdf).toEqual({ type: 'application/pdf', head: '%PDF-' });
  await shoot(page, 'review-au-consent-desktop');
  await dialog.getByRole('button', { name: text('review.consent.confirm'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  // Stored as confirmed: the checkbox and Confirm & Submit (enabled once ticked); approved -> the contract's accepted screen.
  await nextAnswer(page, url, AU.host, 'approved', user.email);
  await confirmAndSubmit(page, text);
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}/reviewAndSignContract`);
  await expect(page.getByText(text('contract.accepted.body'), { exact: true })).toBeVisible();
  // The review completed: its page now completes the step (001 s4 'On load').
  await page.goto(url(AU.host, `/applications/${user.applicationId}/approvals`));
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}/reviewAndSignContract`);

  // Each other outcome in turn, from a fresh application whose consent is stored (the checkbox shows at once).
  const outcomes: [string, Record<string, unknown>, string, string][] = [
    ['declined', {}, 'reviewAndSignContract', 'contract.declined.body'],
    ['refer', {}, 'reviewAndSignContract', 'contract.review.body'],
    // A second officer whose ID scan is not done: the bureau's secondary_idscan_not_complete, waiting, on hold.
    ['approved', { 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes' }, 'application-on-hold', 'review.onHold.body'],
  ];
  for (const [outcome, set, route, key] of outcomes) {
    const other = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'approvals', set: { ...AT_REVIEW, 'scoreboard.primaryApplicant.privacyConsent': 'confirmed', ...set } });
    await openReview(page, fx, other, AU.host);
    await nextAnswer(page, url, AU.host, outcome, other.email);
    await confirmAndSubmit(page, text);
    await page.waitForURL((u) => u.pathname === `/applications/${other.applicationId}/${route}`);
    await expect(page.getByText(text(key), { exact: true })).toBeVisible();
  }
  // On hold with the second officer not done: Log Out, no Resubmit.
  await expect(page.getByRole('button', { name: text('review.onHold.logout'), exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: text('review.onHold.resubmit'), exact: true })).toHaveCount(0);
});

test('application review nz (phone): the review\'s own phone rule, the revenue as typed; on hold, Resubmit Application and the waiting screen\'s three polls', async ({ newPage, login, url, graphql, freshApplication, shoot }) => {
  const fx = { login, url, graphql };
  const { text } = layersFor(NZ.selection);
  const page = await newPage(PHONE);
  const user = await freshApplication({ region: 'nz', brand: NZ.selection.brand, role: 'primary', status: 'approvals', set: AT_REVIEW });
  await openReview(page, fx, user, NZ.host);
  await expect(page.getByText(text('review.registrationNumber'), { exact: true })).toBeVisible();
  // Business details took 9 digits (NZ); the review asks exactly 10 (001 s5): the stored number is refused as it is.
  const phone = await edit(page, 'businessContactNumber', '093031234');
  await expect(phone.getByText(text('validation.exactLength', { n: 10 }), { exact: true })).toBeVisible();
  await edit(page, 'businessContactNumber', '09 303 12345');
  await expect(page.locator('[data-inline-value="businessContactNumber"]')).toHaveText('0930312345');
  // Annual Revenue: a float; typed with thousands separators it is stored without them (as business details store it).
  const revenue = await edit(page, 'annualRevenue', 'lots');
  await expect(revenue.getByText(text('format.float'), { exact: true })).toBeVisible();
  await edit(page, 'annualRevenue', '2,500,000.50');
  await expect(page.locator('[data-inline-value="annualRevenue"]')).toHaveText('$2,500,000.5');
  expect((await businessDetails(fx, page, NZ.host, user.applicationId)).annualRevenue).toBe('2500000.50');
  await shoot(page, 'review-nz-phone');

  // On hold, the second officer done since (002 s2): Resubmit Application, then the waiting screen polls every 10 s and
  // stops at the third; the answer (approved) leads to the contract page. The page's clock is the test's.
  const held = await freshApplication({ region: 'nz', brand: NZ.selection.brand, role: 'primary', status: 'reviewAndSignContract', set: {
    'scoreboard.statusCreditCheck': 'waiting', 'scoreboard.entityDetails.hasSecondaryApplicant': 'yes', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed',
  } });
  const waiting = await newPage(PHONE);
  await waiting.clock.install();
  await login(waiting, held.email, { host: NZ.host, password: held.password });
  await waiting.goto(url(NZ.host, `/applications/${held.applicationId}/reviewAndSignContract`));
  await waiting.waitForURL((u) => u.pathname === `/applications/${held.applicationId}/application-on-hold`);
  await nextAnswer(waiting, url, NZ.host, 'none', held.email);
  await expect(waiting.getByText(text('review.onHold.body'), { exact: true })).toBeVisible();
  await waiting.getByRole('button', { name: text('review.onHold.resubmit'), exact: true }).click();
  await waiting.waitForURL((u) => u.pathname === `/applications/${held.applicationId}/approvals-waiting`);
  await expect(waiting.getByText(text('review.waiting.body'), { exact: true })).toBeVisible();
  const polls: string[] = [];
  waiting.on('request', (r) => { if (r.url().includes('/graphql') && (r.postData() ?? '').includes('creditCheck(')) polls.push(r.url()); });
  // The bureau has no result yet; it decides before the third poll reads it.
  for (const n of [1, 2]) {
    await waiting.clock.fastForward(10_000);
    await expect.poll(() => polls.length).toBe(n);
  }
  const { requests } = await waiting.evaluate(async (to) => (await (await fetch(to)).json()) as { requests: { reference: string }[] }, url(NZ.host, `/dev/creditbureau/${held.applicationId}`));
  const decided = await waiting.evaluate(async ({ to, body }) => (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    { to: url(NZ.host, '/dev/creditbureau/decide'), body: JSON.stringify({ reference: requests.at(-1)!.reference, outcome: 'approved' }) });
  expect(decided).toBe(200);
  await waiting.clock.fastForward(10_000);
  await waiting.waitForURL((u) => u.pathname === `/applications/${held.applicationId}/reviewAndSignContract`);
  expect(polls).toHaveLength(3);
  await expect(waiting.getByText(text('contract.accepted.body'), { exact: true })).toBeVisible();
});
