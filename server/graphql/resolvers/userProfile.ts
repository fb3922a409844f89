/** The User and OrgProfile shapes, built from the users table and the brand definitions (brands/*.yaml). */
import type { ServerContext } from '../../context';
import type { BrandContext } from '../../brands';

const obj = (v: unknown): Record<string, unknown> => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** Other spellings the layers use for a profile field (brands/*.yaml, regions/*.yaml settings). */
const ALIASES: Record<string, string[]> = {
  name: ['orgName', 'brandName'],
  primaryColor: ['brandColor', 'primaryColour', 'primary'],
  phoneNumber: ['phone', 'contactPhone'],
  email: ['supportEmail', 'contactEmail'],
};

/** Look a setting up by its spec name (or an alias) at the top of the merged settings or in the usual groups. */
function pick(settings: Record<string, unknown>, key: string): unknown {
  const groups = [obj(settings.profile), settings, obj(settings.orgProfile), obj(settings.organisation), obj(settings.theme), obj(settings.contacts), obj(settings.contact), obj(settings.branding)];
  for (const name of [key, ...(ALIASES[key] ?? [])]) {
    for (const group of groups) if (group[name] !== undefined) return group[name];
  }
  return undefined;
}

/** Merged settings (base < region < brand < brand-for-region) of a brand. */
export const brandSettings = (ctx: ServerContext, brand: BrandContext): Record<string, unknown> => ctx.definitions.layers(brand.selection).settings;

/** The White label block of a brand (spec 000 s3). */
export function whiteLabelOf(brand: BrandContext, settings: Record<string, unknown>): Record<string, unknown> {
  const white = obj(pick(settings, 'whiteLabel'));
  const introducer = obj(white.introducer ?? pick(settings, 'introducer'));
  return {
    region: str(white.region) ?? brand.region,
    abn: str(white.abn ?? pick(settings, 'abn')),
    nzbn: str(white.nzbn ?? pick(settings, 'nzbn')),
    introducer: Object.keys(introducer).length ? { abn: str(introducer.abn) } : null,
    introducerName: str(white.introducerName ?? introducer.name),
    termsLink: str(white.termsLink ?? pick(settings, 'termsLink')),
    privacyPolicy: str(white.privacyPolicy ?? pick(settings, 'privacyPolicy')),
    enableWhiteLabel: typeof white.enableWhiteLabel === 'boolean' ? white.enableWhiteLabel : true,
    domains: brand.hosts,
  };
}

/** The organisation profile of a brand (spec 000 s3, 002 s3). */
export function orgProfileOf(ctx: ServerContext, brand: BrandContext): Record<string, unknown> {
  const settings = brandSettings(ctx, brand);
  const profile = obj(settings.profile);
  const theme = obj(settings.theme);
  const pricing = obj(pick(settings, 'pricingConfiguration'));
  const calc = obj(pricing.calculator);
  const makes = calc.manufacturersEnabled ?? pick(settings, 'manufacturersEnabled');
  const out: Record<string, unknown> = {
    orgId: brand.orgId,
    name: str(pick(settings, 'name')) ?? brand.id,
    region: brand.region,
    whiteLabel: whiteLabelOf(brand, settings),
    pricingConfiguration: {
      calculator: {
        isCalculatorEnabled: typeof calc.isCalculatorEnabled === 'boolean' ? calc.isCalculatorEnabled : pick(settings, 'isCalculatorEnabled') !== false,
        manufacturersEnabled: Array.isArray(makes) ? makes.map(String) : null,
      },
    },
    calculator: calculatorThemeOf(settings),
    scoreboard: scoreboardThemeOf(settings),
    auth: { logo: str(profile.primaryLogo), background: str(theme.headerColour) },
    emailSettings: pick(settings, 'emailSettings') ?? pick(settings, 'email_settings') ?? null,
    settings,
  };
  // Profile fields (settings.profile), empty ones as null; contacts fall back to the region's (spec 002 s9).
  for (const key of ['primaryColor', 'primaryLogo', 'primaryLogoRight', 'primaryImage', 'popupImage2', 'footerText', 'phoneNumber', 'email', 'website']) {
    out[key] = str(pick(settings, key)) || null;
  }
  out.primaryColor = str(theme.primary) ?? out.primaryColor;
  return out;
}

/** The scoreboard theme (the signed-in pages' shell): the brand's theme colours over the defaults of messages/shell.yaml. */
function scoreboardThemeOf(settings: Record<string, unknown>): Record<string, unknown> {
  const theme = obj(settings.theme);
  const keys = ['primary', 'secondary', 'tertiary', 'headerColour', 'footerColour', 'lightText', 'darkText'];
  return Object.fromEntries(keys.filter((k) => theme[k] !== undefined).map((k) => [k, theme[k]]));
}

/** The calculator theme (spec 002 s3): the theme's colours, the calculator's header and footer, and the disclaimer texts when set. */
function calculatorThemeOf(settings: Record<string, unknown>): Record<string, unknown> {
  const theme = obj(settings.theme);
  const ui = obj(settings.calculatorUi);
  const header = obj(ui.header);
  return {
    primary: theme.primary ?? null, secondary: theme.secondary ?? null, tertiary: theme.tertiary ?? null,
    headerLogo: str(header.logo) || null, headerLogoLink: str(header.logoLink) || null, headerLinks: Array.isArray(header.links) ? header.links : [],
    headerColour: str(ui.headerColour) || null, footerColour: str(ui.footerColour) || null, privacyPolicy: str(ui.privacyPolicy) ?? null,
  };
}

/** The GraphQL User of a user id (null when absent). */
export async function userProfile(ctx: ServerContext, userId: string): Promise<Record<string, unknown> | null> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'phone', 'brand_id', 'region', 'shortlists'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  const brand = ctx.services.brands.byId(row.brand_id) ?? ctx.brand;
  const settings = brandSettings(ctx, brand);
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    organisation: { orgId: brand.orgId, name: str(pick(settings, 'name')) ?? brand.id, region: row.region },
    whiteLabel: whiteLabelOf(brand, settings),
    shortlists: row.shortlists,
  };
}
