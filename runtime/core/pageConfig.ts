/**
 * A selection's texts and settings carried in the page itself: the server writes them into the HTML as
 * a JSON data block (`<script type="application/json" id="app-config">`, never executed, so a strict
 * Content-Security-Policy allows it), and the browser reads them at start with no request of its own.
 * @example
 * html.replace('</head>', `${pageConfigScript(texts)}</head>`);      // server
 * const texts = parsePageConfig(document.getElementById(PAGE_CONFIG_ID)?.textContent); // browser
 */
import type { SelectionTexts } from './definitionSet';

/** The id of the element carrying the configuration. */
export const PAGE_CONFIG_ID = 'app-config';

/**
 * `value` as JSON safe inside a `<script>` element: every `<` written `\u003c` (JSON.parse reads it
 * back as `<`), so no text can close the element (`</script>`) or open a comment (`<!--`).
 */
export const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The whole data block for `value`. */
export const pageConfigScript = (value: SelectionTexts): string => `<script type="application/json" id="${PAGE_CONFIG_ID}">${scriptJson(value)}</script>`;

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
