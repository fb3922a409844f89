/**
 * A selection's texts and settings carried in the page itself: the server writes them into the HTML as
 * a JSON data block (`<script type="application/json" id="app-config">`, never executed, so a strict
 * Content-Security-Policy allows it), and the browser reads them at start with no request of its own.
 * @example
 * html.replace('</head>', `${pageConfigScript(texts)}</head>`);      // server
 * const texts = parsePageConfig(document.getElementById(PAGE_CONFIG_ID)?.textContent); // browser (app/pageData.ts)
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
