/** Brands from `brands/*.yaml`: which brand a request's Host header selects, and its layer selection. */
import type { DefinitionSet, LayerDef } from '../../runtime/core/types';

/** The brand a request runs under. */
export interface BrandContext {
  /** Brand id: the file name under `brands/` without extension. */
  id: string;
  /** The brand's organisation id (`settings.organisation.orgId`; the brand id when none is set). */
  orgId: string;
  /** Region code in upper case, e.g. `AU`. */
  region: string;
  /** Host names that select this brand (never `*`). */
  hosts: string[];
  /** Whether the brand claims `*` in its domains: it serves every host no brand names. */
  isDefault: boolean;
  /** Layer selection for runtime/core (`{ brand, region }`, region lower-case as in `regions/<region>.yaml`). */
  selection: Record<string, string>;
  /** The brand layer's merged settings (theme, contacts, white label, introducer ...). */
  settings: Record<string, unknown>;
  /**
   * Origin of every absolute URL the server builds for this brand (e-mail links, signed file URLs,
   * return URLs): the brand's `settings.publicOrigin`, else `http://<first domain>:<PORT>` in demo
   * mode and `https://<first domain>` in production. Never taken from a request's Host header.
   */
  publicOrigin: string;
}

/** What the public origins of brands without `settings.publicOrigin` are built from. */
export interface OriginDefaults {
  /** The port the server listens on (demo origins carry it). */
  port: number;
  /** Production: https and no port. */
  production: boolean;
}

/** Looks brands up by host. */
export interface BrandRegistry {
  /** Every brand. */
  all: BrandContext[];
  /** The brand for a Host header value (port ignored); unknown hosts get the default brand (the one claiming `*`). */
  forHost(host: string | null | undefined): BrandContext;
  /** A brand by id. */
  byId(id: string): BrandContext | undefined;
  /** The default brand: the one whose `settings.domains` holds `*`; it serves every host no brand names. */
  fallback: BrandContext;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);

/** The brand's public origin (see {@link BrandContext.publicOrigin}); a malformed setting stops the server at start. */
function publicOriginOf(id: string, setting: unknown, hosts: string[], defaults: OriginDefaults): string {
  if (setting !== undefined) {
    const url = typeof setting === 'string' && URL.canParse(setting) ? new URL(setting) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== String(setting).replace(/\/$/, '')) {
      throw new Error(`brands/${id}.yaml: settings.publicOrigin must be an origin such as https://portal.example (scheme and host, optional port, no path)`);
    }
    return url.origin;
  }
  const host = hosts[0] ?? 'localhost';
  return defaults.production ? `https://${host}` : `http://${host}:${defaults.port}`;
}

/** The region of a brand that names none: `defaults.region` of fleetform.yaml (the layer selection's default). */
function defaultRegionOf(defs: DefinitionSet, who: string): string {
  const region = defs.config.defaults?.region;
  if (typeof region !== 'string' || !region.trim()) throw new Error(`${who}: no settings.region, and fleetform.yaml gives no defaults.region`);
  return region.trim();
}

/** Read host names and region from a brand layer, accepting the usual spellings of those settings. */
function brandOf(id: string, layer: LayerDef, defaults: OriginDefaults, defaultRegion: () => string): BrandContext {
  // The browser receives a brand's texts and settings at run time (/brand.json); schemas and formats are
  // compiled into the region bundles at build, so a brand cannot change them.
  for (const [at, body] of [['', layer], ...Object.entries(layer.layers ?? {}).map(([name, b]) => [`layers.${name}.`, b] as const)] as const) {
    for (const key of ['schemas', 'formats'] as const) {
      if (body && (body as Record<string, unknown>)[key] !== undefined) throw new Error(`brands/${id}.yaml: ${at}${key} is not allowed in a brand layer (a brand carries settings and messages; put ${key} in a region layer)`);
    }
  }
  const settings = (layer.settings ?? {}) as Record<string, unknown>;
  const raw = layer as unknown as Record<string, unknown>;
  const white = isObject(settings.whiteLabel) ? settings.whiteLabel : {};
  const brandBlock = isObject(settings.brand) ? settings.brand : {};
  const hosts = [
    ...strings(raw.hosts), ...strings(raw.domains), ...strings(settings.hosts), ...strings(settings.domains),
    ...strings(white.domains), ...strings(brandBlock.hosts), ...strings(brandBlock.domains),
  ].map((h) => h.toLowerCase());
  const regionValue = [strings(settings.regions)[0], raw.region, settings.region, white.region, brandBlock.region].find((v) => typeof v === 'string') as string | undefined;
  const region = (regionValue ?? defaultRegion()).toUpperCase();
  const organisation = isObject(settings.organisation) ? settings.organisation : {};
  const orgId = typeof organisation.orgId === 'string' && organisation.orgId.trim() ? organisation.orgId.trim() : id;
  const unique = [...new Set(hosts)].filter((h) => h !== DEFAULT_HOST);
  return { id, orgId, region, hosts: unique, isDefault: hosts.includes(DEFAULT_HOST), selection: { brand: id, region: region.toLowerCase() }, settings, publicOrigin: publicOriginOf(id, settings.publicOrigin, unique, defaults) };
}

/** The domain a brand lists to serve every host no brand names. */
export const DEFAULT_HOST = '*';

/** Distinct Host header values remembered by `forHost`. */
const HOST_CACHE_SIZE = 256;

/** Build the registry from loaded definitions (`brands/<id>.yaml` layer files). */
export function brandRegistry(defs: DefinitionSet, originDefaults: OriginDefaults = { port: 8080, production: false }): BrandRegistry {
  const all: BrandContext[] = [];
  for (const [file, layer] of Object.entries(defs.layerFiles)) {
    const m = /^brands\/([^/]+)\.ya?ml$/.exec(file);
    if (m) all.push(brandOf(m[1], layer, originDefaults, () => defaultRegionOf(defs, `brands/${m[1]}.yaml`)));
  }
  all.sort((a, b) => a.id.localeCompare(b.id));
  const fileOf = (b: BrandContext) => `brands/${b.id}.yaml`;
  const byHost = new Map<string, BrandContext>();
  for (const b of all) {
    for (const h of b.hosts) {
      const other = byHost.get(h);
      if (other) throw new Error(`${fileOf(other)} and ${fileOf(b)} both claim the domain '${h}' (settings.domains): a host selects one brand`);
      byHost.set(h, b);
    }
  }
  const defaults = all.filter((b) => b.isDefault);
  if (defaults.length > 1) throw new Error(`${defaults.map(fileOf).join(' and ')} all claim '${DEFAULT_HOST}' (settings.domains): one brand is the default`);
  if (all.length && !defaults.length) throw new Error(`no brand claims '${DEFAULT_HOST}' in settings.domains (brands/*.yaml): list it in the brand unknown hosts are served as`);
  // Without any brand file, unknown hosts get the default region alone.
  const fallbackRegion = () => defaultRegionOf(defs, 'no brand file');
  const fallback = defaults[0] ?? { id: 'default', orgId: 'default', region: fallbackRegion().toUpperCase(), hosts: [], isDefault: true, selection: { region: fallbackRegion().toLowerCase() }, settings: {}, publicOrigin: publicOriginOf('default', undefined, [], originDefaults) };
  // Host header value as sent -> brand: every request asks, with one of a handful of values. The brands
  // are fixed at start, so an answer never goes stale; the cache is emptied when full (Host is client input).
  const byHeader = new Map<string, BrandContext>();
  const lookup = (host: string): BrandContext => byHost.get(host.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '')) ?? fallback;
  return {
    all,
    fallback,
    byId: (id) => all.find((b) => b.id === id),
    forHost(host) {
      const key = host ?? '';
      let brand = byHeader.get(key);
      if (brand === undefined) {
        brand = lookup(key);
        if (byHeader.size >= HOST_CACHE_SIZE) byHeader.clear();
        byHeader.set(key, brand);
      }
      return brand;
    },
  };
}
