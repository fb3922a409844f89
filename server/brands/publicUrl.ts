/** Absolute URLs of a brand: built on, and accepted only from, its configured public origin. */
import type { BrandContext } from './brandRegistry';

/** Whether `url` is an absolute http(s) URL on the brand's public origin (a client-sent return URL, say). */
export function onPublicOrigin(brand: BrandContext, url: string): boolean {
  if (!URL.canParse(url)) return false;
  return new URL(url).origin === brand.publicOrigin;
}
