/**
 * `settings.address` (messages/address.yaml; schemas/settings.json): the countries the autocomplete offers,
 * the query's length limits and the most suggestions answered. The server applies them whatever a client sends.
 */

/** The address autocomplete's server-side rules. */
export interface AddressRules {
  /** Upper-case alpha-2 codes a query may ask for (AU, NZ). */
  countries: string[];
  /** Shortest trimmed query searched (shorter: no suggestions). */
  minLength: number;
  /** Longest query accepted (longer: refused). */
  maxQueryLength: number;
  /** Most suggestions answered. */
  maxSuggestions: number;
}

const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : fallback);

/** Read the rules from a selection's settings (defaults where a value is missing: lint checks the shapes). */
export function addressRules(settings: Record<string, unknown>): AddressRules {
  const raw = (settings.address ?? {}) as Record<string, unknown>;
  const countries = Array.isArray(raw.countries) ? raw.countries.filter((c): c is string => typeof c === 'string').map((c) => c.toUpperCase()) : ['AU', 'NZ'];
  return { countries, minLength: int(raw.minLength, 3), maxQueryLength: int(raw.maxQueryLength, 120), maxSuggestions: int(raw.maxSuggestions, 6) };
}
