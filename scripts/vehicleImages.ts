/**
 * Draws the demo catalogue's vehicle images (original illustrations, no third-party material): a side
 * view per model of server/seed/data/vehicles.yaml (and per other cab style of a ute), its silhouette
 * by body style, wheels, windows, lights and a colour per model on a plain light background. Each image
 * is written as JPEG at the card's 16:9 box in two widths, `<name>.jpg` (640 x 360) and
 * `<name>-320w.jpg` (320 x 180), to app/public/vehicles/ (served as /vehicles/; the seed's
 * `jato_imagepath` names them, server/seed/vehicleCatalogue.ts). Deterministic: run again, same bytes.
 * @example npm run images
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import jpeg from 'jpeg-js';
import { catalogueImages, catalogueModels, type CabStyle, type CatalogueModel } from '../server/seed/vehicleCatalogue';

/** Output widths; the first is the file itself, the others `<name>-<w>w.jpg` (the calculator's `images.srcset` setting). */
export const WIDTHS = [640, 320];
const OUT = resolve(import.meta.dirname, '..', 'app', 'public', 'vehicles');
const QUALITY = 80;
/** Drawing frame (640 x 360) and supersampling: shapes are filled at 4x and box-filtered down (anti-aliasing). */
const FW = 640, FH = 360, SS = 4, W = FW * SS, H = FH * SS;
const GROUND = 300;

type RGB = [number, number, number];
type Pt = [number, number];
/** Covered pixels (1) of the supersampled canvas, with the rows they lie in. */
interface Mask { data: Uint8Array; y0: number; y1: number }

/** A canvas at supersampled resolution; shapes are filled with an optional clip mask. */
class Canvas {
  readonly px = new Float32Array(W * H * 3);
  fill(mask: Mask, c: RGB, alpha = 1, clip?: Mask): void {
    const from = Math.max(mask.y0, clip?.y0 ?? 0) * W, to = (Math.min(mask.y1, clip?.y1 ?? H - 1) + 1) * W;
    for (let i = from; i < to; i++) {
      if (!mask.data[i] || (clip && !clip.data[i])) continue;
      const o = i * 3;
      this.px[o] += (c[0] - this.px[o]) * alpha;
      this.px[o + 1] += (c[1] - this.px[o + 1]) * alpha;
      this.px[o + 2] += (c[2] - this.px[o + 2]) * alpha;
    }
  }
  /** RGBA pixels at `width` (box filter over the supersampled pixels). */
  downsample(width: number): { data: Buffer; width: number; height: number } {
    const f = W / width, height = H / f;
    const data = Buffer.alloc(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let r = 0, g = 0, b = 0;
        for (let dy = 0; dy < f; dy++) {
          let o = ((y * f + dy) * W + x * f) * 3;
          for (let dx = 0; dx < f; dx++, o += 3) { r += this.px[o]; g += this.px[o + 1]; b += this.px[o + 2]; }
        }
        const n = f * f, d = (y * width + x) * 4;
        data[d] = Math.round(r / n); data[d + 1] = Math.round(g / n); data[d + 2] = Math.round(b / n); data[d + 3] = 255;
      }
    }
    return { data, width, height };
  }
}

/** The inside of a polygon (frame coordinates, y down), even-odd, sampled at pixel centres. */
function polygon(points: Pt[]): Mask {
  const mask = new Uint8Array(W * H);
  const pts = points.map(([x, y]) => [x * SS, y * SS] as Pt);
  const ys = pts.map((p) => p[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys))), y1 = Math.min(H - 1, Math.ceil(Math.max(...ys)));
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5, xs: number[] = [];
    for (let i = 0; i < pts.length; i++) {
      const [ax, ay] = pts[i], [bx, by] = pts[(i + 1) % pts.length];
      if ((ay <= cy && by > cy) || (by <= cy && ay > cy)) xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k] - 0.5)), to = Math.min(W - 1, Math.floor(xs[k + 1] - 0.5));
      if (to >= from) mask.fill(1, y * W + from, y * W + to + 1);
    }
  }
  return { data: mask, y0, y1 };
}

/** Points of an ellipse arc (angles in degrees, 0 = right, counter-clockwise on screen). */
function arc(cx: number, cy: number, rx: number, ry: number, from = 0, to = 360, steps = 72): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = ((from + ((to - from) * i) / steps) * Math.PI) / 180;
    out.push([cx + rx * Math.cos(a), cy - ry * Math.sin(a)]);
  }
  return out;
}
const circle = (cx: number, cy: number, r: number) => polygon(arc(cx, cy, r, r));
const rect = (x0: number, y0: number, x1: number, y1: number) => polygon([[x0, y0], [x1, y0], [x1, y1], [x0, y1]]);
/** A quadratic curve from a through control c to b, as points (rounded corners of a silhouette). */
function curve(a: Pt, c: Pt, b: Pt, steps = 10): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps, u = 1 - t;
    out.push([u * u * a[0] + 2 * u * t * c[0] + t * t * b[0], u * u * a[1] + 2 * u * t * c[1] + t * t * b[1]]);
  }
  return out;
}

const hex = (s: string): RGB => [1, 3, 5].map((i) => Number.parseInt(s.slice(i, i + 2), 16)) as RGB;
const shade = (c: RGB, f: number): RGB => c.map((v) => Math.max(0, Math.min(255, f < 1 ? v * f : v + (255 - v) * (f - 1)))) as RGB;

/** Body colours, picked per model (a car-park mix: no two models of a make alike where the make has few). */
const PAINTS = ['#b8322a', '#1f5fa8', '#2f7d5a', '#d27a22', '#59636e', '#a7b0b9', '#23303f', '#7b2941', '#2a8db3', '#a88d5f', '#4b5f7d', '#e0e3e6'].map(hex);
const GLASS = hex('#2b3644'), GLASS_LIGHT = hex('#4f6070'), TYRE = hex('#2a2d31'), RIM = hex('#c8ced4'), RIM_DARK = hex('#59626b');
const TRIM = hex('#3a3e44'), HEADLIGHT = hex('#f6f1d9'), TAILLIGHT = hex('#c62d26'), ARCH = hex('#0e0f11');

function paintOf(m: CatalogueModel, index: number): RGB {
  let h = 0;
  for (const ch of m.make) h = (Math.imul(h, 31) + ch.charCodeAt(0)) >>> 0;
  return PAINTS[(h + index * 5) % PAINTS.length];
}

/** A silhouette in vehicle units: x 0 (rear) .. 1 (front) of the length, y up from the ground in frame pixels. */
interface Shape {
  length: number;
  wheel: number;
  /** Axle positions (fractions of the length). */
  axles: [number, number];
  body: Pt[];
  windows: Pt[][];
  /** Pillars and door gaps: x fractions of vertical lines from `y0` to `y1`. */
  lines: { x: number; y0: number; y1: number; width?: number }[];
  /** Heights of the beltline (shoulder highlight) and of the lower (darker) band. */
  belt: number;
  sill: number;
  head: Pt[];
  tail: Pt[];
  /** Plastic cladding along the bottom (utes, SUVs). */
  cladding?: boolean;
}

/** The outline of a sedan, an SUV, a ute (by cab style) or a van; `tall` stretches a van's roof. */
function shapeOf(m: CatalogueModel, cab: CabStyle | null): Shape {
  const people = ['CARNIVAL'].includes(m.model);
  if (m.body === 'SEDAN') {
    return {
      length: 470, wheel: 34, axles: [0.19, 0.8], belt: 98, sill: 38,
      body: [[0.01, 24], ...curve([0, 52], [-0.005, 80], [0.04, 90]), [0.2, 98], ...curve([0.27, 100], [0.36, 140], [0.44, 142]), [0.55, 142],
        ...curve([0.6, 141], [0.66, 118], [0.72, 102]), ...curve([0.88, 94], [0.99, 90], [1, 70]), [1, 40], [0.985, 24]],
      windows: [[[0.285, 103], ...curve([0.33, 122], [0.37, 135], [0.44, 136]), [0.5, 136], [0.5, 103]],
        [[0.515, 103], [0.515, 136], [0.55, 136], ...curve([0.59, 135], [0.65, 114], [0.69, 103])]],
      lines: [{ x: 0.505, y0: 30, y1: 104 }, { x: 0.7, y0: 34, y1: 98 }, { x: 0.3, y0: 34, y1: 98 }],
      head: [[0.955, 84], [0.997, 80], [0.999, 70], [0.95, 76]], tail: [[0.004, 84], [0.05, 88], [0.05, 78], [0.002, 74]],
    };
  }
  if (m.body === 'SUV') {
    return {
      length: 455, wheel: 38, axles: [0.2, 0.8], belt: 128, sill: 46, cladding: true,
      body: [[0.01, 30], [0, 100], ...curve([0.005, 150], [0.02, 182], [0.08, 186]), [0.58, 188], ...curve([0.62, 187], [0.68, 160], [0.75, 134]),
        ...curve([0.9, 126], [0.995, 122], [1, 98]), [1, 44], [0.985, 30]],
      windows: [[[0.04, 132], [0.05, 168], ...curve([0.06, 178], [0.07, 180], [0.1, 180]), [0.23, 180], [0.24, 132]],
        [[0.255, 132], [0.255, 180], [0.47, 180], [0.47, 132]],
        [[0.485, 132], [0.485, 180], [0.575, 180], ...curve([0.6, 179], [0.66, 156], [0.72, 132])]],
      lines: [{ x: 0.48, y0: 36, y1: 132 }, { x: 0.73, y0: 40, y1: 126 }, { x: 0.25, y0: 40, y1: 130 }],
      head: [[0.95, 115], [0.997, 110], [0.999, 100], [0.945, 106]], tail: [[0.0, 140], [0.035, 142], [0.035, 120], [0.0, 118]],
    };
  }
  if (m.body === 'UTE') {
    const rear = cab === 'single' ? 0.56 : cab === 'extra' ? 0.49 : 0.42;
    const roof = rear + 0.025;
    const windows: Pt[][] = cab === 'dual'
      ? [[[roof, 140], [roof, 186], [0.54, 186], [0.54, 140]], [[0.555, 140], [0.555, 186], [0.655, 186], ...curve([0.675, 185], [0.7, 170], [0.745, 140])]]
      : cab === 'extra'
        ? [[[roof + 0.005, 146], [roof + 0.005, 184], [roof + 0.04, 184], [roof + 0.04, 146]], [[0.555, 140], [0.555, 186], [0.655, 186], ...curve([0.675, 185], [0.7, 170], [0.745, 140])]]
        : [[[roof + 0.005, 140], [roof + 0.005, 186], [0.655, 186], ...curve([0.675, 185], [0.7, 170], [0.745, 140])]];
    return {
      length: 500, wheel: 38, axles: [0.17, 0.8], belt: 134, sill: 48, cladding: true,
      body: [[0.01, 34], [0, 118], [0.01, 130], [rear - 0.01, 130], [rear, 132], ...curve([rear, 180], [rear + 0.005, 194], [rear + 0.04, 194]), [0.65, 194],
        ...curve([0.68, 193], [0.72, 170], [0.77, 140]), ...curve([0.9, 133], [0.995, 130], [1, 106]), [1, 46], [0.985, 34]],
      windows,
      lines: [
        { x: rear - 0.004, y0: 40, y1: 132, width: 2.2 },
        ...(cab === 'dual' ? [{ x: 0.548, y0: 38, y1: 140 }] : cab === 'extra' ? [{ x: roof + 0.05, y0: 40, y1: 186 }] : []),
        { x: 0.75, y0: 42, y1: 134 },
      ],
      head: [[0.955, 122], [0.997, 118], [0.999, 106], [0.95, 113]], tail: [[0.0, 124], [0.02, 124], [0.02, 100], [0.0, 100]],
    };
  }
  // VAN: a box with a short nose; a people mover is lower with windows along its side.
  const roof = people ? 175 : m.model === 'CRAFTER' ? 236 : m.model === 'HIACE' ? 214 : 204;
  const length = m.model === 'CRAFTER' ? 500 : 470;
  return {
    length, wheel: people ? 35 : 34, axles: [0.17, people ? 0.8 : 0.82], belt: people ? 118 : 132, sill: 40,
    body: [[0.01, 30], [0, 110], ...curve([0, roof - 14], [0.005, roof], [0.04, roof]), [people ? 0.7 : 0.78, roof],
      ...(people ? curve([0.74, roof - 2], [0.8, 150], [0.86, 124]) : curve([0.8, roof - 2], [0.84, 180], [0.89, 142])),
      ...curve([0.96, 124], [0.995, 120], [1, 96]), [1, 42], [0.985, 30]],
    windows: people
      ? [[[0.03, 122], [0.03, roof - 14], [0.25, roof - 10], [0.25, 122]], [[0.265, 122], [0.265, roof - 10], [0.5, roof - 10], [0.5, 122]],
          [[0.515, 122], [0.515, roof - 10], [0.69, roof - 10], ...curve([0.72, roof - 12], [0.77, 150], [0.82, 124])]]
      : [[[0.72, 136], [0.72, roof - 30], [0.8, roof - 30], ...curve([0.815, roof - 36], [0.835, 170], [0.86, 136])]],
    lines: people
      ? [{ x: 0.505, y0: 34, y1: 122 }, { x: 0.26, y0: 40, y1: 122 }, { x: 0.84, y0: 40, y1: 122 }]
      : [{ x: 0.7, y0: 34, y1: roof - 20 }, { x: 0.4, y0: 40, y1: roof - 20 }, { x: 0.87, y0: 40, y1: 130 }],
    head: [[0.96, 116], [0.997, 112], [0.999, 100], [0.955, 106]], tail: [[0.0, people ? 150 : 170], [0.018, people ? 150 : 170], [0.018, 110], [0.0, 110]],
  };
}

/** One image: background, soft shadow, body (with shoulder highlight and lower band), glass, lines, lights, wheels. */
function draw(m: CatalogueModel, cab: CabStyle | null, index: number): Canvas {
  const canvas = new Canvas();
  // Background: a light wall over a slightly darker floor.
  for (let y = 0; y < H; y++) {
    const fy = y / SS, t = fy / FH;
    const c: RGB = fy < GROUND - 30 ? [244 - 8 * t, 246 - 7 * t, 249 - 6 * t] : [234 - 6 * t, 237 - 6 * t, 241 - 6 * t];
    for (let x = 0; x < W; x++) canvas.px.set(c, (y * W + x) * 3);
  }
  const s = shapeOf(m, cab);
  const x0 = (FW - s.length) / 2;
  const at = ([fx, h]: Pt): Pt => [x0 + fx * s.length, GROUND - h];
  for (let k = 6; k >= 1; k--) canvas.fill(polygon(arc(FW / 2, GROUND + 1, s.length * (0.45 + k * 0.015), 5 + k * 1.6)), [60, 66, 74], 0.07);
  const paint = paintOf(m, index);
  const body = polygon(s.body.map(at));
  canvas.fill(body, paint);
  canvas.fill(rect(0, GROUND - s.belt + 2, FW, GROUND - s.belt + 7), shade(paint, 1.35), 0.55, body);
  canvas.fill(rect(0, 0, FW, GROUND - s.belt - 40), shade(paint, 1.12), 0.5, body);
  canvas.fill(rect(0, GROUND - s.sill, FW, FH), shade(paint, 0.78), 1, body);
  if (s.cladding) canvas.fill(rect(0, GROUND - s.sill + 6, FW, FH), TRIM, 0.85, body);
  for (const w of s.windows) {
    const glass = polygon(w.map(at));
    canvas.fill(glass, GLASS);
    // A slanted reflection across each pane.
    const [gx] = at(w[0]);
    canvas.fill(polygon([[gx + 34, 0], [gx + 52, 0], [gx + 2, FH], [gx - 16, FH]]), GLASS_LIGHT, 0.5, glass);
  }
  for (const l of s.lines) {
    const [lx] = at([l.x, 0]), half = (l.width ?? 1.2) / 2;
    canvas.fill(rect(lx - half, GROUND - l.y1, lx + half, GROUND - l.y0), shade(paint, 0.55), 0.9, body);
  }
  canvas.fill(polygon(s.head.map(at)), HEADLIGHT);
  canvas.fill(polygon(s.tail.map(at)), TAILLIGHT);
  for (const ax of s.axles) {
    const [cx] = at([ax, 0]), cy = GROUND - s.wheel, r = s.wheel;
    canvas.fill(polygon(arc(cx, cy, r + 7, r + 7, -8, 188)), ARCH, 1, body);
    canvas.fill(circle(cx, cy, r), TYRE);
    canvas.fill(circle(cx, cy, r * 0.64), RIM);
    canvas.fill(circle(cx, cy, r * 0.5), RIM_DARK);
    for (let k = 0; k < 5; k++) {
      const a = (k * 72 * Math.PI) / 180, ca = Math.cos(a), sa = Math.sin(a), w = r * 0.07, len = r * 0.56;
      canvas.fill(polygon([[cx - sa * w, cy - ca * w], [cx + ca * len - sa * w, cy - sa * len - ca * w], [cx + ca * len + sa * w, cy - sa * len + ca * w], [cx + sa * w, cy + ca * w]]), RIM);
    }
    canvas.fill(circle(cx, cy, r * 0.14), RIM);
  }
  return canvas;
}

/** Draw and write every image; returns the files written and their total bytes. */
export function writeVehicleImages(out = OUT): { files: number; bytes: number } {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const models = catalogueModels();
  for (const { name, model, cab } of catalogueImages()) {
    // A model's place within its make: every image of a model (each cab) has the model's colour.
    const index = models.filter((m) => m.make === model.make).findIndex((m) => m.model === model.model);
    const canvas = draw(model, cab, index);
    for (const width of WIDTHS) {
      const file = join(out, width === WIDTHS[0] ? `${name}.jpg` : `${name}-${width}w.jpg`);
      writeFileSync(file, jpeg.encode(canvas.downsample(width), QUALITY).data);
    }
  }
  const files = readdirSync(out);
  return { files: files.length, bytes: files.reduce((sum, f) => sum + statSync(join(out, f)).size, 0) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const started = Date.now();
  const { files, bytes } = writeVehicleImages();
  console.log(`vehicleImages: ${files} files, ${(bytes / 1024).toFixed(0)} KiB -> app/public/vehicles/ (${Date.now() - started} ms)`);
}
