/**
 * The intrinsic sizes of the brand images a brand's settings name (`/brand-assets/...` addresses: logos, hero and
 * pop-up images), added to its settings as `settings.imageSizes` (address -> [width, height]), so an image block
 * gives its picture a width and height before the picture arrives and nothing beside or below it moves when it
 * does (layout shift). Read from the files in `brands/assets/`: an SVG's `width`/`height` (else its `viewBox`), a
 * PNG's header, a JPEG's frame header. A file it cannot read is left out (its image then has no reserved width).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import type { ResolvedLayers } from '../../runtime/core/types';
import { BRAND_ASSETS_PATH } from './brandAssets';

export type ImageSize = [width: number, height: number];

const positive = (n: number): boolean => Number.isFinite(n) && n > 0;

/** An SVG's size: its root's `width` and `height` in pixels (no unit or px), else its `viewBox`'s. */
function svgSize(text: string): ImageSize | undefined {
  const root = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!root) return undefined;
  const attr = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']\\s*([\\d.]+)\\s*(px)?\\s*["']`, 'i').exec(root);
  const width = attr('width');
  const height = attr('height');
  if (width && height && positive(Number(width[1])) && positive(Number(height[1]))) return [Number(width[1]), Number(height[1])];
  const box = /\sviewBox\s*=\s*["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*["']/i.exec(root);
  return box && positive(Number(box[1])) && positive(Number(box[2])) ? [Number(box[1]), Number(box[2])] : undefined;
}

/** A PNG's size (its IHDR chunk) or a JPEG's (its first start-of-frame marker). */
function bitmapSize(bytes: Buffer): ImageSize | undefined {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    for (let at = 2; at + 9 < bytes.length;) {
      if (bytes[at] !== 0xff) return undefined;
      const marker = bytes[at + 1];
      // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC): height then width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return [bytes.readUInt16BE(at + 7), bytes.readUInt16BE(at + 5)];
      }
      at += 2 + bytes.readUInt16BE(at + 2);
    }
  }
  return undefined;
}

/** The intrinsic size of a file, undefined when it is no image this reads. */
export function imageFileSize(file: string): ImageSize | undefined {
  const bytes = readFileSync(file);
  const size = file.toLowerCase().endsWith('.svg') ? svgSize(bytes.toString('utf8')) : bitmapSize(bytes);
  return size && positive(size[0]) && positive(size[1]) ? size : undefined;
}

/** Every `/brand-assets/...` address among a value's strings (nested objects and lists too). */
function assetAddresses(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith(BRAND_ASSETS_PATH)) into.add(value);
  } else if (Array.isArray(value)) {
    for (const v of value) assetAddresses(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) assetAddresses(v, into);
  }
  return into;
}

/**
 * `layers` with `settings.imageSizes` added: the sizes of the brand images (files under `assetsDir`) its settings
 * name. Made once per resolved selection (the layers' answer is kept by identity) and per file.
 */
export function withImageSizes(layers: (selection: Record<string, string>) => ResolvedLayers, assetsDir: string): (selection: Record<string, string>) => ResolvedLayers {
  const root = resolve(assetsDir);
  const sizes = new Map<string, ImageSize | undefined>();
  const sizeOf = (address: string): ImageSize | undefined => {
    if (!sizes.has(address)) {
      let size: ImageSize | undefined;
      try {
        const file = resolve(join(root, decodeURIComponent(address.slice(BRAND_ASSETS_PATH.length).split(/[?#]/)[0])));
        if (file.startsWith(root + sep) && existsSync(file) && statSync(file).isFile()) size = imageFileSize(file);
      } catch {
        size = undefined;
      }
      sizes.set(address, size);
    }
    return sizes.get(address);
  };
  const made = new WeakMap<ResolvedLayers, ResolvedLayers>();
  return (selection) => {
    const resolved = layers(selection);
    let hit = made.get(resolved);
    if (!hit) {
      const imageSizes: Record<string, ImageSize> = {};
      for (const address of assetAddresses(resolved.settings, new Set())) {
        const size = sizeOf(address);
        if (size) imageSizes[address] = size;
      }
      hit = Object.keys(imageSizes).length ? { ...resolved, settings: { ...resolved.settings, imageSizes } } : resolved;
      made.set(resolved, hit);
    }
    return hit;
  };
}
