/** HTML that definitions or organisations supply, reduced to an allow-list (no DOM needed). */
export { ALLOWED_TAGS, decodeEntities, htmlText, htmlToString, safeHref, sanitizeHtml, type HtmlElement, type HtmlNode } from './sanitizeHtml';
