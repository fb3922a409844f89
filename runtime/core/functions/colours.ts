import { defineFunction } from './defineFunction';

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** The red, green and blue channels (0-255) of a `#rgb`, `#rrggbb` or `#rrggbbaa` colour; undefined for anything else. */
export function rgbOf(colour: unknown): [number, number, number] | undefined {
  if (typeof colour !== 'string') return undefined;
  const m = HEX.exec(colour.trim());
  if (!m) return undefined;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1].slice(0, 6);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * The perceived brightness of a hex colour from 0 (black) to 1 (white), weighted as the eye sees the
 * channels (ITU-R BT.601: 0.299 R + 0.587 G + 0.114 B), or null when it is not a hex colour. A colour
 * under 0.5 reads as dark, so light text goes on it.
 */
export const luminance = defineFunction({
  name: 'luminance',
  signature: '(colour: text) => number',
  description: "a hex colour's perceived brightness from 0 (black) to 1 (white); null when it is no '#' hex colour",
  fn: (colour: unknown): number | null => {
    const rgb = rgbOf(colour);
    if (!rgb) return null;
    const [r, g, b] = rgb;
    return Math.round(((0.299 * r + 0.587 * g + 0.114 * b) / 255) * 1000) / 1000;
  },
});
