/**
 * `getOrgProfilesByDomain` over HTTP (the app's fetch): the organisation profile of a host, built from
 * the brand definitions (settings.profile, whiteLabel, theme) over the region's contacts; the brands'
 * images at /brand-assets/; the operation in the persisted-operations manifest. Expectations are read
 * from the definitions (the layers the server merges), never copied.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationHash, buildManifest } from '../../../server/plugins/persistedManifest';
import { DATABASES, definitions, ROOT, startServer, useHarness } from './harness';

const OPERATION = readFileSync(join(ROOT, 'operations/getOrgProfilesByDomain.graphql'), 'utf8');
type Profile = Record<string, unknown> & { whiteLabel: Record<string, unknown>; scoreboard: Record<string, unknown> };

/** Merged settings of a brand's selection, as the definitions give them. */
const settingsOf = (brand: string, region: string) => definitions().layers({ brand, region }).settings as Record<string, Record<string, unknown> & string>;
/** The region layer's own settings (regions/<region>.yaml). */
const regionSettings = (region: string) => definitions().defs.layerFiles[`regions/${region}.yaml`].settings as Record<string, unknown>;

describe.each(DATABASES)('getOrgProfilesByDomain on %s', (kind) => {
  const s = useHarness(() => startServer(kind));

  const profiles = async (host: string, domain?: string): Promise<Profile[]> => {
    const r = await s.gql(OPERATION, domain === undefined ? {} : { domain }, { host });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.errors).toBeUndefined();
    return r.body.data!.getOrgProfilesByDomain as Profile[];
  };

  it("answers the request's own host's profile, anonymously: images, footer HTML, contacts, links, themes", async () => {
    const [au] = await profiles('au.localhost');
    const settings = settingsOf('acme-au', 'au');
    expect(au).toMatchObject({ orgId: 'ORG-ACME-AU', name: settings.organisation.name, region: 'AU' });
    for (const key of ['primaryLogo', 'primaryLogoRight', 'primaryImage', 'popupImage2', 'footerText', 'phoneNumber', 'email', 'website']) {
      expect(au[key], key).toBe(settings.profile[key]);
      expect(au[key], key).toBeTruthy();
    }
    expect(au.whiteLabel).toMatchObject({ abn: settings.whiteLabel.abn, termsLink: settings.whiteLabel.termsLink, privacyPolicy: settings.whiteLabel.privacyPolicy, region: 'AU' });
    // The scoreboard theme: the brand's colours over the spec's defaults (002 s9: primary #002856, secondary #00aeaa).
    expect(au.scoreboard).toMatchObject({ primary: settings.theme.primary, secondary: settings.theme.secondary, headerColour: settings.theme.headerColour, footerColour: settings.theme.footerColour });
    expect(au.scoreboard.primary).toBe('#002856');
    expect(au.primaryColor).toBe('#002856');
  });

  it("falls back to the region's contacts and links where the profile gives none (002 s9)", async () => {
    const [introducer] = await profiles('introducer.localhost');
    const au = regionSettings('au');
    expect(introducer.orgId).toBe('ORG-INTRODUCER-AU');
    expect(introducer.phoneNumber).toBe(au.phone);
    expect(au.phone).toBe('1300 666 001');
    expect(introducer.email).toBe(au.supportEmail);
    expect(introducer.whiteLabel.termsLink).toBe((au.whiteLabel as Record<string, unknown>).termsLink);
    expect(introducer.footerText).toBeNull();
    const [nz] = await profiles('nz.localhost');
    const nzRegion = regionSettings('nz');
    expect(nz).toMatchObject({ orgId: 'ORG-KIWI-NZ', region: 'NZ', phoneNumber: nzRegion.phone, website: null });
    // The brand's own terms link, the region's privacy policy (maps merge by key).
    expect(nz.whiteLabel.termsLink).toBe(settingsOf('kiwi-nz', 'nz').whiteLabel.termsLink);
    expect(nz.whiteLabel.privacyPolicy).toBe((nzRegion.whiteLabel as Record<string, unknown>).privacyPolicy);
  });

  it('answers the profile of a named domain, the default brand for local hosts, none for an unknown domain', async () => {
    expect((await profiles('au.localhost', 'nz.localhost')).map((p) => p.orgId)).toEqual(['ORG-KIWI-NZ']);
    expect((await profiles('au.localhost', 'https://introducer.localhost:8080/login')).map((p) => p.orgId)).toEqual(['ORG-INTRODUCER-AU']);
    expect((await profiles('nz.localhost', 'unknown.localhost')).map((p) => p.orgId)).toEqual(['ORG-ACME-AU']);
    expect(await profiles('au.localhost', 'portal.example')).toEqual([]);
  });

  it("serves every profile image at its address (/brand-assets/), and nothing outside brands/assets", async () => {
    for (const [host, brand, region] of [['au.localhost', 'acme-au', 'au'], ['nz.localhost', 'kiwi-nz', 'nz'], ['introducer.localhost', 'introducer-au', 'au']]) {
      const profile = settingsOf(brand, region).profile as Record<string, string>;
      for (const key of ['primaryLogo', 'primaryLogoRight', 'primaryImage', 'popupImage2']) {
        const r = await s.request(profile[key], { host });
        expect(r.status, `${brand} ${key} ${profile[key]}`).toBe(200);
        expect(r.headers.get('content-type')).toBe('image/svg+xml');
        expect(r.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(await r.text()).toMatch(/^<svg /);
      }
    }
    for (const path of ['/brand-assets/../package.json', '/brand-assets/%2e%2e/package.json', '/brand-assets/acme-au/missing.svg', '/brand-assets/../brands/acme-au.yaml', '/brand-assets/']) {
      expect((await s.request(path)).status, path).toBe(404);
    }
    expect((await s.request('/brand-assets/acme-au/logo.svg', { method: 'POST' })).status).toBe(405);
  });
});

describe('the persisted-operations manifest', () => {
  it('holds the getOrgProfilesByDomain operation (production clients may send it)', () => {
    expect(buildManifest(ROOT)[operationHash(OPERATION)]).toBeDefined();
  });
});
