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
