/**
 * Digital and combined lease signing (issue 34; spec 002 s2 'Combined screen', 'Digital signing screen', s4 'Digital
 * signing', s5) on the real server with the e-signature sandbox: AU at desktop width, two officers and a witness (the
 * primary cancels once, then signs in the dialog's frame; the secondary signs in theirs; the witness on the sandbox's
 * own page, whose return page needs no sign-in) to finished; AU combined (the Personal Guarantee refused first, then
 * uploaded, then signed) to finished; NZ at phone width, one signer, from the accepted screen to finished.
 * Every text is read from the definitions.
 */
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { layersFor } from './definitions';
import { appReady } from './page';
import { expect, test, type E2EFixtures, type FreshApplication } from './fixtures';

const AU = { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' } };
const NZ = { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' } };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const WITNESS = 'wendy.witness@example.test';
type Text = (k: string, p?: Record<string, unknown>) => string;

/** GETs JSON from the local server with a Host header (the sandbox's demo controls). */
function getJson<T>(host: string, path: string): Promise<T> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port: Number(process.env.E2E_PORT), path, headers: { host: `${host}:${process.env.E2E_PORT}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => ok(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T));
    });
    req.on('error', fail);
    req.end();
  });
}

/** Signs a user in and opens their contract page. */
async function openContract(fx: Pick<E2EFixtures, 'login' | 'url'>, page: Page, email: string, user: FreshApplication, host: string) {
  await fx.login(page, email, { host, password: user.password });
  await page.goto(fx.url(host, `/applications/${user.applicationId}/reviewAndSignContract`));
}

/** The badge of a signer's row (002 s2: completed or pending). */
const badge = (page: Page, who: 'primary' | 'secondary' | 'witness') => page.locator(`[data-group="signer-${who}"] [data-badge]`);

/** Sign, then Sign on the sandbox's page in the dialog's frame; the return page closes the dialog. */
async function signInDialog(page: Page, text: Text) {
  await page.getByRole('button', { name: text('contract.digital.sign'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('contract.digital.dialogTitle') });
  await dialog.waitFor();
  await page.frameLocator('[data-frame="leaseSigningFrame"]').getByRole('button', { name: text('esignSandbox.sign'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('lease signing au (desktop): primary (a cancel first), secondary, then the witness on the sandbox page -> finished', async ({ newPage, login, url, freshApplication, graphql }) => {
  const { text } = layersFor(AU.selection);
  const user = await freshApplication({
    region: 'au', brand: AU.selection.brand, role: 'primary', status: 'reviewAndSignContract', withSecondary: true,
    set: {
      'scoreboard.signingEnabled': true, 'scoreboard.statusSecondary': 'reviewAndSignContract', 'scoreboard.secondaryApplicant.identityVerificationStatus': 'completed',
      'scoreboard.entityDetails.hasSecondaryApplicant': 'yes', 'scoreboard.witnesses': [{ name: 'Wendy Witness', email: WITNESS, roleName: 'Witness' }],
    },
  });
  const page = await newPage(DESKTOP);
  await openContract({ login, url }, page, user.email, user, AU.host);
  await page.getByRole('heading', { level: 1, name: text('contract.digital.heading') }).waitFor();
  for (const who of ['primary', 'secondary', 'witness'] as const) await expect(badge(page, who)).toHaveText(text('contract.digital.status.pending'));
  await expect(page.getByRole('button', { name: text('contract.logout'), exact: true })).toBeVisible();

  // A client cannot finish the application (the status is the server's, from the provider's envelope).
  const crafted = await graphql(page, AU.host, 'mutation($id: ID!) { createOrUpdateProperty(applicationId: $id, params: { propertyFirst: "status", value: "finished" }) { status } }', { id: user.applicationId });
  expect(crafted.errors?.length).toBeTruthy();

  // Cancel: the dialog closes, its URL is cleared and the statuses are fetched again.
  await page.getByRole('button', { name: text('contract.digital.sign'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text('contract.digital.dialogTitle') });
  await expect(page.frameLocator('[data-frame="leaseSigningFrame"]').getByRole('button', { name: text('esignSandbox.sign'), exact: true })).toBeVisible();
  const refetched = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('getEnvelopeMLA'));
  await dialog.getByRole('button', { name: text('contract.digital.cancel'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await refetched;
  await expect(page.locator('[data-frame="leaseSigningFrame"]')).toHaveCount(0);

  // The primary signs; then it is the secondary's turn (no Sign for the primary).
  await signInDialog(page, text);
  await expect(badge(page, 'primary')).toHaveText(text('contract.digital.status.completed'));
  await expect(badge(page, 'secondary')).toHaveText(text('contract.digital.status.pending'));
  await expect(page.getByRole('button', { name: text('contract.digital.sign'), exact: true })).toHaveCount(0);

  // The secondary officer signs in their own session.
  const second = await newPage(DESKTOP);
  await openContract({ login, url }, second, user.otherEmail!, user, AU.host);
  await signInDialog(second, text);
  await expect(badge(second, 'secondary')).toHaveText(text('contract.digital.status.completed'));
  await expect(badge(second, 'witness')).toHaveText(text('contract.digital.status.pending'));

  // The witness signs on the sandbox's own page (found through its demo control), signed in nowhere: the page returns
  // to quotesign-mla, which opens without sign-in and, outside a frame, sends on to the contract page (sign-in).
  const listed = await getJson<{ envelopes: { status: string; recipients: { email: string; signingUrl: string }[] }[] }>(AU.host, `/dev/esign/?email=${encodeURIComponent(WITNESS)}`);
  const witness = await newPage(PHONE);
  const witnessUrl = listed.envelopes.find((e) => e.status === 'sent')!.recipients.find((r) => r.email === WITNESS)!.signingUrl;
  await witness.goto(witnessUrl);
  await witness.getByRole('button', { name: text('esignSandbox.sign'), exact: true }).click();
  await witness.waitForURL((u) => u.pathname === '/login' || u.pathname.endsWith('/reviewAndSignContract'));

  // The next status read finishes the application on the server; the page goes to the finished home.
  await page.reload();
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}`);
  await expect(page.getByText(text('home.headline.finished'), { exact: true })).toBeVisible();
  // The signed lease, downloadable from the finished home (getFileByUUID's fresh URL): the provider's PDF (the home
  // came by the contract page's reload: its link answers once the app took the page over).
  await appReady(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text('home.signedLease.download'), exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('Signed-Lease.pdf');
  expect((await PDFDocument.load(await readFile((await download.path())!))).getPageCount()).toBeGreaterThanOrEqual(3);
});

test('combined signing au (desktop): the guarantee first (refused before), uploaded, then the lease signed -> finished', async ({ newPage, login, url, freshApplication, graphql }) => {
  const { text } = layersFor(AU.selection);
  // As the seed's primary.sign-combined.au: digital, a personal guarantee, signing enabled.
  const user = await freshApplication({ region: 'au', brand: AU.selection.brand, role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.businessDetails.financeDetails.personalGuarantee': 'yes', 'scoreboard.signingEnabled': true } });
  const page = await newPage(DESKTOP);
  await openContract({ login, url }, page, user.email, user, AU.host);
  await page.getByRole('heading', { level: 1, name: text('contract.digital.heading') }).waitFor();
  await expect(page.getByText(text('contract.combined.guaranteeFirst'), { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: text('contract.digital.sign'), exact: true })).toHaveCount(0);
  // Crafted: signing before the guarantee is refused by the server with the same words.
  const early = await graphql(page, AU.host, 'mutation($id: ID!, $u: String!) { getMLADocusign(applicationId: $id, isCurrentUserPrimary: true, returnUrl: $u) { url } }', { id: user.applicationId, u: url(AU.host, `/applications/${user.applicationId}/quotesign-mla`) });
  expect(early.errors?.[0].message).toBe(text('api.error.guaranteeFirst'));

  const doc = await PDFDocument.create();
  doc.addPage();
  const attached = page.waitForResponse((r) => r.url().includes('/graphql') && (r.request().postData() ?? '').includes('uploadWetSignature'));
  await page.locator('[data-upload-input="upload-documentPCA"]').setInputFiles({ name: 'signed-guarantee.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await doc.save()) });
  await attached;
  await expect(page.getByText(text('contract.combined.guaranteeFirst'), { exact: true })).toBeHidden();
  await expect(badge(page, 'primary')).toHaveText(text('contract.digital.status.pending'));
  await signInDialog(page, text);
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}`);
  await expect(page.getByText(text('home.headline.finished'), { exact: true })).toBeVisible();
});

test('lease signing nz (phone): one signer, from the accepted screen (Sign Lease) -> finished', async ({ newPage, login, url, freshApplication }) => {
  const { text } = layersFor(NZ.selection);
  const user = await freshApplication({ region: 'nz', brand: NZ.selection.brand, role: 'primary', status: 'reviewAndSignContract', set: { 'scoreboard.wetSignature.signType': 'digital' } });
  const page = await newPage(PHONE);
  await openContract({ login, url }, page, user.email, user, NZ.host);
  await page.getByRole('button', { name: text('contract.accepted.digital'), exact: true }).click();
  await expect(badge(page, 'primary')).toHaveText(text('contract.digital.status.pending'));
  await expect(page.locator('[data-group="signer-secondary"]')).toHaveCount(0);
  await expect(page.locator('[data-group="signer-witness"]')).toHaveCount(0);
  await signInDialog(page, text);
  await page.waitForURL((u) => u.pathname === `/applications/${user.applicationId}`);
  await expect(page.getByText(text('home.headline.finished'), { exact: true })).toBeVisible();
});
