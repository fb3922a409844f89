/**
 * The app's page for the request's brand: the built index.html with the brand's document (the same as
 * `/brand.json`) written into it as a JSON data block, so the browser starts without asking for it.
 * The page varies by Host: each brand's page is made once (per built index.html), with its own ETag
 * and its brotli and gzip forms (the build's .br/.gz of index.html are not used).
 */
import { pageConfigScript } from '../../runtime/core/pageConfig';
import type { ResolvedLayers } from '../../runtime/core/types';
import { encodedBody, type EncodedBody } from '../http/encodedBody';
import type { PageRenderer } from '../http/staticSite';
import { brandDocument } from './brandDocument';
import type { BrandContext, BrandRegistry } from './brandRegistry';

/** `html` with `block` placed before `</head>` (before `<body>` or at the start when there is none). */
export function withHeadBlock(html: string, block: string): string {
  for (const marker of [/<\/head>/i, /<body[\s>]/i]) {
    const at = html.search(marker);
    if (at >= 0) return html.slice(0, at) + block + html.slice(at);
  }
  return block + html;
}

/** The renderer of brand pages: one per brand and built page, made on first ask and kept. */
export function brandPage(brands: BrandRegistry, layers: (selection: Record<string, string>) => ResolvedLayers): PageRenderer {
  // Keyed by the built page's bytes (dropped with them) and then by brand: brands are fixed at start.
  const pages = new WeakMap<Uint8Array, Map<string, EncodedBody>>();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  return (html, host) => {
    const brand: BrandContext = brands.forHost(host);
    let byBrand = pages.get(html);
    if (!byBrand) pages.set(html, (byBrand = new Map()));
    let page = byBrand.get(brand.id);
    if (!page) {
      const text = withHeadBlock(decoder.decode(html), pageConfigScript(brandDocument(brand, layers)));
      page = encodedBody(encoder.encode(text));
      byBrand.set(brand.id, page);
    }
    return page;
  };
}
