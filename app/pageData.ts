/**
 * The app's readers of the data blocks the server writes into its page (runtime/core's pageConfig.ts and
 * serverRender.ts hold the contract: the elements' ids and the writers): the brand's texts and settings, and
 * the hydration data of a page rendered on the server.
 */
import type { SelectionTexts } from '../runtime/core/definitionSet';
import type { HydrationData } from '../runtime/core/serverRender';

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const allStrings = (v: Record<string, unknown>): boolean => Object.values(v).every((x) => typeof x === 'string');

/**
 * The configuration read from the element's text: undefined when there is none, when it is not JSON,
 * or when it is not a selection's texts (`selection` and `messages` of strings, `settings` an object).
 */
export function parsePageConfig(text: string | null | undefined): SelectionTexts | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !isRecord(value.selection) || !isRecord(value.messages) || !isRecord(value.settings)) return undefined;
  if (!allStrings(value.selection) || !allStrings(value.messages)) return undefined;
  return value as unknown as SelectionTexts;
}

/** The hydration data read from the element's text: undefined when missing or malformed. */
export function parseHydration(text: string | null | undefined): HydrationData | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<HydrationData> | null;
    if (!v || typeof v.path !== 'string' || typeof v.search !== 'string' || !v.environment || typeof v.answers !== 'object' || v.answers === null) return undefined;
    return v as HydrationData;
  } catch {
    return undefined;
  }
}
