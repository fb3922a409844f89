/**
 * Address autocomplete (spec 001 s5 'Entity details', s9: restricted to AU and NZ). A provider answers
 * suggestions for a typed text and the parts of a suggestion the user picked. The embedded sandbox answers from
 * the seeded gazetteer (sandboxAddress.ts); a real adapter (a national address file, a maps API ...) implements
 * this interface and is registered by name in `ServerExtensions.addressProviders` (server/services.ts), chosen
 * by `ADDRESS_PROVIDER` (default `sandbox`).
 */

/** One suggestion: an id for {@link AddressProvider.details} and the one-line text shown. */
export interface AddressSuggestion {
  id: string;
  label: string;
}

/** The parts of an address, as the records store them (001 s3 entityDetails, idScanResult). */
export interface AddressDetails {
  /** Unit, suite or level, or null. */
  subPremise: string | null;
  streetNo: string;
  streetName: string;
  suburb: string;
  /** AU state code (NSW ...), NZ region (Auckland ...). */
  state: string;
  postCode: string;
  /** Country name (`Australia`, `New Zealand`). */
  country: string;
  /** ISO 3166 alpha-2, upper case (`AU`, `NZ`). */
  countryCode: string;
  /** The one-line address (what the suggestion showed). */
  label: string;
}

/** A provider that could not answer (down, refused): the API answers ADDRESS_UNAVAILABLE. */
export class AddressProviderError extends Error {
  override readonly name = 'AddressProviderError';
}

/** The address provider. */
export interface AddressProvider {
  readonly name: string;
  /**
   * Suggestions for `query` (already trimmed, within the API's length limits) in `countries` (upper-case
   * alpha-2 codes, at least one), at most `limit`, best first. Throws {@link AddressProviderError} when it
   * cannot answer.
   */
  suggestions(query: string, countries: string[], limit: number): Promise<AddressSuggestion[]>;
  /** The parts of a suggestion's address, or null for an unknown id. Throws {@link AddressProviderError} when it cannot answer. */
  details(id: string): Promise<AddressDetails | null>;
}
