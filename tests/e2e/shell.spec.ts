/**
 * The page shell (spec 000 s2 'Layouts', issue 12) on each brand's host: the header's primary logo at
 * left and partner logo at right (none for the introducer named by its ABN), the footer's contact
 * heading, company, phone, e-mail, website (AU only), feedback link, the organisation's footer HTML
 * sanitised (or the copyright line), Terms of Use and Privacy Policy, Logout once signed in, and the
 * footer's text colour by its background's luminance. Expected values come from the definitions
 * (tests/e2e/definitions.ts), never copied; screenshots at desktop and 390px phone width.
 */
import type { Locator, Page } from '@playwright/test';
import { htmlText, interpolate, luminance, rgbOf, sanitizeHtml } from '../../runtime/core';
import { layersFor } from './definitions';
import { expect, test } from './fixtures';

const PHONE = { width: 390, height: 844 };
const BRANDS = [
  { host: 'au.localhost', selection: { region: 'au', brand: 'acme-au' }, email: 'primary.orderverification.au@demo.example' },
  { host: 'nz.localhost', selection: { region: 'nz', brand: 'kiwi-nz' }, email: 'primary.orderverification.nz@demo.example' },
  { host: 'introducer.localhost', selection: { region: 'au', brand: 'introducer-au' }, email: 'primary.orderverification.introducer@demo.example' },
];

type Settings = Record<string, Record<string, string> & Record<string, unknown>> & Record<string, unknown>;
const rgb = (hex: string) => `rgb(${rgbOf(hex)!.join(', ')})`;
const or = (...values: unknown[]) => values.find((v) => typeof v === 'string' && v !== '') as string | undefined;

/** An image has loaded (a broken address has no natural width). */
async function loaded(image: Locator): Promise<boolean> {
  return image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
}

for (const { host, selection, email } of BRANDS) {
  const { layers, text } = layersFor(selection);
  const settings = layers.settings as Settings;
  const t = (key: string, params: Record<string, unknown> = {}) => interpolate(layers.messages[key], { settings, ...params });
  const profile = settings.profile;
  const phone = or(profile.phoneNumber, settings.phone)!;
  const mail = or(profile.email, settings.supportEmail)!;
  const website = settings.shell.showWebsite ? or(profile.website, settings.website) : undefined;
  const feedback = or(profile.feedbackEmail, settings.feedbackEmail, settings.supportEmail)!;
  const partnerHidden = settings.whiteLabel.abn === settings.shell.partnerLogoHiddenFor;

  async function checkShell(page: Page): Promise<void> {
    const header = page.locator('header');
    const logo = header.getByRole('img', { name: text('brand.logo.alt'), exact: true });
    await expect(logo).toHaveAttribute('src', profile.primaryLogo);
    await expect.poll(() => loaded(logo), { message: 'primary logo loads' }).toBe(true);
    const partner = header.getByRole('img', { name: text('brand.partnerLogo.alt'), exact: true });
    if (partnerHidden) {
      await expect(partner).toHaveCount(0);
      await expect(header.getByRole('img')).toHaveCount(1);
    } else {
      await expect(partner).toHaveAttribute('src', profile.primaryLogoRight);
      await expect.poll(() => loaded(partner), { message: 'partner logo loads' }).toBe(true);
      // Primary logo left, partner logo right.
      const [l, r] = [await logo.boundingBox(), await partner.boundingBox()];
      expect(l!.x + l!.width).toBeLessThan(r!.x);
    }

    const footer = page.locator('footer');
    await expect(footer.getByRole('heading', { name: text('shell.footer.contactHeading') })).toBeVisible();
    await expect(footer.getByText(t('shell.footer.company'), { exact: true })).toBeVisible();
    await expect(footer.getByRole('link', { name: t('shell.footer.phone', { phone }) })).toHaveAttribute('href', `tel:${phone}`);
    await expect(footer.getByRole('link', { name: t('shell.footer.email', { email: mail }) })).toHaveAttribute('href', `mailto:${mail}`);
    const site = footer.getByRole('link', { name: website ? t('shell.footer.website', { website }) : /^www\./ });
    if (website) await expect(site).toHaveAttribute('href', `https://${website}`);
    else await expect(site).toHaveCount(0);
    await expect(footer.getByRole('link', { name: text('shell.footer.feedback') })).toHaveAttribute('href', `mailto:${feedback}`);
    await expect(footer.getByRole('link', { name: text('shell.footer.terms') })).toHaveAttribute('href', settings.whiteLabel.termsLink);
    await expect(footer.getByRole('link', { name: text('shell.footer.privacy') })).toHaveAttribute('href', settings.whiteLabel.privacyPolicy);
    // The organisation's footer HTML, sanitised (no script survives), or the default copyright line.
    if (profile.footerText) {
      await expect(footer.locator('[data-block="html"]')).toHaveText(htmlText(sanitizeHtml(profile.footerText)));
      await expect(footer.locator('script')).toHaveCount(0);
    } else {
      await expect(footer.getByText(t('shell.footer.copyright', { year: new Date().getFullYear() }), { exact: true })).toBeVisible();
    }
    // Text colour by the footer's luminance (002 s9): light on dark, dark on light.
    const background = settings.theme.footerColour;
    await expect(footer).toHaveCSS('background-color', rgb(background));
    const expected = luminance.fn(background)! < Number(settings.shell.darkBelow) ? settings.theme.lightText : settings.theme.darkText;
    await expect(footer).toHaveCSS('color', rgb(expected));
    await expect(footer.getByRole('link', { name: text('shell.footer.terms') })).toHaveCSS('color', rgb(expected));
    await expect(header).toHaveCSS('background-color', rgb(settings.theme.headerColour));
  }

  test(`the ${selection.brand} shell on /login, the error page signed in (Logout), desktop and phone`, async ({ page, newPage, url, login, shoot }) => {
    await page.goto(url(host, '/login'));
    await expect(page.getByRole('heading', { name: text('account.login.heading') })).toBeVisible();
    await checkShell(page);
    // Signed out, there is no Logout.
    await expect(page.locator('footer').getByRole('link', { name: text('shell.footer.logout') })).toHaveCount(0);
    await shoot(page, `shell-${selection.brand}-login-desktop`);

    const phonePage = await newPage(PHONE);
    await phonePage.goto(url(host, '/login'));
    await checkShell(phonePage);
    expect(await phonePage.locator('footer [data-group="shellFooter"]').evaluate((el) => getComputedStyle(el).display)).not.toBe('grid');
    // One column on a phone: the footer's two groups stack, nothing wider than the screen.
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shoot(phonePage, `shell-${selection.brand}-login-phone`);

    const { redirectTo } = await login(page, email, { host });
    // An application page: the scoreboard variant, its footer in two columns (one on the /login page).
    await page.goto(url(host, redirectTo!));
    await checkShell(page);
    const columns = (p: Page) => p.locator('footer [data-group="shellFooter"]').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
    expect(await columns(page)).toBe(2);
    await shoot(page, `shell-${selection.brand}-application-desktop`);
    await page.goto(url(host, '/error'));
    await expect(page.getByRole('heading', { name: text('account.error.heading') })).toBeVisible();
    await expect(page.locator('footer').getByRole('link', { name: text('shell.footer.logout'), exact: true })).toHaveAttribute('href', '/logout');
    await checkShell(page);
    await shoot(page, `shell-${selection.brand}-error-signed-in-desktop`);
  });
}
