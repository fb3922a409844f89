/**
 * Stands in for `fast-uri` in the browser build (vite.config.ts), as `markdownStub.tsx` does for the markdown
 * parser. rjsf imports fast-uri to resolve `$ref`s against `$id`s, for JSON Schema 2020-12 only; the portal's
 * schemas are draft-07, so the calls never run today. A schema moving to 2020-12 still gets RFC 3986
 * resolution, from the browser's own URL parser: a relative `$id` (`login`) resolves under a placeholder
 * base that is stripped again. Saves fast-uri (7 kB gzip) from every form's code.
 */
const PLACEHOLDER = 'fleetform-relative:///';

/** `uri` as an absolute URL string, or relative to the placeholder base when it has no scheme. */
function absolute(uri: string, base = PLACEHOLDER): string {
  return new URL(uri, base).href;
}

/** Back to the caller's form: the placeholder base removed again. */
const relativeAgain = (href: string) => (href.startsWith(PLACEHOLDER) ? href.slice(PLACEHOLDER.length) : href);

/** `reference` resolved against `base` (RFC 3986 section 5.2). */
function resolve(base: string, reference: string): string {
  return relativeAgain(absolute(reference, absolute(base)));
}

/** Whether two URIs name the same resource once normalised (scheme and host case, dot segments, default ports). */
function equal(a: string, b: string): boolean {
  return relativeAgain(absolute(a)) === relativeAgain(absolute(b));
}

export default { resolve, equal };
