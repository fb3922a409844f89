/**
 * The regions the definitions hold, and each one's rules read from its region layer (regions/<code>.yaml):
 * which business number it uses and the named validator that checks it. The server knows no region by
 * name: a region is a layer file, or the region a brand serves.
 */
import { businessNumberCheck, productExtensions, type BusinessNumberCheck, type BusinessNumberValidators } from '../productExtensions';
import { layerChoices } from '../../runtime/core/layers';
import type { BrandRegistry } from '../brands';
import type { ServerDefinitions } from '../definitions';

/** The rules of one region. */
export interface RegionRules {
  /** Region code in upper case, e.g. `AU` (as brands, applications and the business registry store it). */
  code: string;
  /** Its business number and validator (`settings.businessNumber`). */
  businessNumber: BusinessNumberCheck;
}

/** Every region of the definitions. */
export interface RegionRegistry {
  /** Region codes, upper case, sorted. */
  readonly codes: readonly string[];
  /** A region's rules by code (any case); undefined for a region the definitions do not hold. */
  get(code: string): RegionRules | undefined;
}

/** The selection key the region layer is chosen by (`regions/{region}.yaml` in fleetform.yaml). */
const REGION = 'region';

/**
 * Read every region's rules once at start; a region with a missing or malformed rule, or naming a validator
 * nobody registered, stops the start with its file named.
 * @example regionRegistry(definitions, brands).get('nz')?.businessNumber.valid('9429041535202') // true
 */
export function regionRegistry(definitions: ServerDefinitions, brands: BrandRegistry, validators: BusinessNumberValidators = productExtensions.businessNumberValidators): RegionRegistry {
  const codes = [...new Set([...(layerChoices(definitions.defs)[REGION] ?? []), ...[...brands.all, brands.fallback].map((b) => b.region)].map((c) => c.toUpperCase()))].sort();
  const rules = new Map<string, RegionRules>();
  for (const code of codes) {
    const layers = definitions.layers({ [REGION]: code.toLowerCase() });
    const regionFiles = layers.applied.filter((l) => l.name === REGION).map((l) => l.file).join(', ');
    const where = layers.provenance('/settings/businessNumber')?.file ?? (regionFiles || `region ${code} (no region layer file)`);
    rules.set(code, { code, businessNumber: businessNumberCheck(layers.settings, validators, where) });
  }
  return { codes, get: (code) => rules.get(code.toUpperCase()) };
}
