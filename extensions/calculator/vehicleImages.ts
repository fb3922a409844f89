/**
 * Vehicle image sources (spec 000 s5 'Vehicle image acceptance', 002 s2 'Image fallback'): the
 * trim image, then the normal image, then the base image; each only if it is acceptable; the
 * caller shows a placeholder when none loads.
 */

/** The image fields of a rate-book row. */
export interface VehicleImagePaths {
  jatoImagepath?: string | null;
  jatoImagepathTrim?: string | null;
  jatoImagepathBase?: string | null;
}

/** Settings that shape acceptance: cloud storage hosts, and (NZ) the vehicle image library a starred code maps to. */
export interface ImageSettings {
  cloudHosts?: string[];
  /** Base URL of the image library; a code containing '*' becomes `<library>/<code without *>.JPG`. */
  imageLibrary?: string;
  /** Images that also exist narrower, offered to the browser by `srcset` (vehicleSrcset). */
  srcset?: SrcsetRule[];
  /** How many cards of a list load their image at once (the first row); the rest lazily. */
  eager?: number;
}

/**
 * Under `prefix`, an image `<name>.<ext>` is `widths[0]` pixels wide and exists at each other width
 * as `<name>-<width>w.<ext>` (the demo catalogue's /vehicles/, scripts/vehicleImages.ts).
 */
export interface SrcsetRule {
  prefix: string;
  widths: number[];
}

const IMAGE_EXTENSION = /\.(jpe?g|png|gif)(\?.*)?$/i;

/** The accepted URL of one image path, or undefined (then the next source is tried). */
export function acceptImage(path: string | null | undefined, settings: ImageSettings = {}): string | undefined {
  const value = (path ?? '').trim();
  if (!value) return undefined;
  if (value.includes('*')) {
    return settings.imageLibrary ? `${settings.imageLibrary.replace(/\/+$/, '')}/${encodeURIComponent(value.replace(/\*/g, ''))}.JPG` : undefined;
  }
  if (IMAGE_EXTENSION.test(value)) return value;
  try {
    const host = new URL(value).hostname;
    if ((settings.cloudHosts ?? []).some((h) => host === h || host.endsWith(`.${h}`))) return value;
  } catch {
    // not an absolute URL and no image extension: not acceptable
  }
  return undefined;
}

/** The image URLs to try, in order, without duplicates. */
export function imageSources(row: VehicleImagePaths, settings: ImageSettings = {}): string[] {
  const urls = [row.jatoImagepathTrim, row.jatoImagepath, row.jatoImagepathBase].map((p) => acceptImage(p, settings)).filter((u): u is string => !!u);
  return [...new Set(urls)];
}

/**
 * The `srcset` of an accepted image URL under a rule's prefix (its own width first, then each narrower
 * copy), or undefined when no rule covers it (the browser then loads the URL as it is).
 * @example vehicleSrcset('/vehicles/kia-ev6.jpg', { srcset: [{ prefix: '/vehicles/', widths: [640, 320] }] })
 *   // '/vehicles/kia-ev6.jpg 640w, /vehicles/kia-ev6-320w.jpg 320w'
 */
export function vehicleSrcset(url: string, settings: ImageSettings = {}): string | undefined {
  const rule = (settings.srcset ?? []).find((r) => url.startsWith(r.prefix));
  const match = /^(.*)(\.[a-z]+)$/i.exec(url);
  if (!rule || !match || !rule.widths.length) return undefined;
  const [own, ...narrower] = rule.widths;
  return [`${url} ${own}w`, ...narrower.map((w) => `${match[1]}-${w}w${match[2]} ${w}w`)].join(', ');
}
