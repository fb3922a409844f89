/**
 * The seeded catalogue's images exist: every image path the rate-book generator writes (and any
 * /vehicles/ path a seed file names, e.g. the demo record's vehicleImage) is a file of app/public/
 * (served from dist/ as is), with the narrower copy the calculator's `images.srcset` setting promises,
 * at the size the card states; trim and base images are left empty (no requests for missing files);
 * and no image is drawn that nothing uses.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { vehicleSrcset, type SrcsetRule } from '../../../extensions/calculator/vehicleImages';
import { IMAGE_SIZE } from '../../../extensions/widgets/VehicleCard';
import { ratebookRows } from '../../../server/seed/ratebook';
import { catalogueModels } from '../../../server/seed/vehicleCatalogue';

const ROOT = resolve(import.meta.dirname, '../../..');
const PUBLIC = join(ROOT, 'app', 'public');
const settings = (parse(readFileSync(join(ROOT, 'messages', 'calculator.yaml'), 'utf8')) as { settings: { calculatorUi: { images: { srcset: SrcsetRule[] } } } }).settings.calculatorUi.images;

// Enough rows for every model with every trim (36 rows a vehicle), so each cab type a ute has is drawn.
const rows = [...ratebookRows(60_000)];
const seeded = new Set(rows.map((r) => r.jato_imagepath));
const seedSources = readdirSync(join(ROOT, 'server', 'seed')).filter((f) => f.endsWith('.ts'))
  .flatMap((f) => [...readFileSync(join(ROOT, 'server', 'seed', f), 'utf8').matchAll(/'(\/vehicles\/[^'$]+)'/g)].map((m) => m[1]));

describe('seeded vehicle images', () => {
  it('every image path of the rate book and of the seed files is a file, with its srcset copies', () => {
    expect(seedSources).toContain('/vehicles/toyota-hilux.jpg');
    const files = new Set(readdirSync(join(PUBLIC, 'vehicles')).map((f) => `/vehicles/${f}`));
    for (const path of [...seeded, ...seedSources]) {
      expect(typeof path, String(path)).toBe('string');
      const srcset = vehicleSrcset(path as string, settings);
      expect(srcset, String(path)).toBeDefined();
      for (const candidate of srcset!.split(', ')) expect(files, candidate).toContain(candidate.split(' ')[0]);
    }
  });

  it('covers every model, and each ute cab style with its own drawing', () => {
    const models = catalogueModels();
    expect(new Set(rows.map((r) => `${r.vehicle_make}/${r.vehicle_model}`)).size).toBe(models.length);
    expect(seeded).toContain('/vehicles/toyota-hilux-single-cab.jpg');
    expect(seeded).toContain('/vehicles/toyota-hilux-extra-cab.jpg');
    expect(seeded).toContain('/vehicles/ford-mustang-mach-e.jpg');
    // A dual cab is the model's own image; a ute sold only so has no other.
    expect(rows.find((r) => r.vehicle_model === 'HILUX' && r.cab_type === 'D/CAB')?.jato_imagepath).toBe('/vehicles/toyota-hilux.jpg');
    expect([...seeded].filter((p) => String(p).startsWith('/vehicles/volkswagen-amarok'))).toEqual(['/vehicles/volkswagen-amarok.jpg']);
  });

  it('seeds no trim or base image (the card tries those first: nothing it loads is missing)', () => {
    expect(rows.every((r) => r.jato_imagepath_trim === null && r.jato_imagepath_base === null)).toBe(true);
  });

  it('ships no image nothing names, each at the width its srcset states and the card box ratio', () => {
    const named = new Set([...seeded, ...seedSources].flatMap((p) => vehicleSrcset(p as string, settings)!.split(', ')));
    const shipped = readdirSync(join(PUBLIC, 'vehicles'));
    expect(shipped.length).toBe(named.size);
    let bytes = 0;
    for (const entry of named) {
      const [path, width] = entry.split(' ');
      const data = readFileSync(join(PUBLIC, path));
      bytes += data.byteLength;
      const { width: w, height: h } = jpeg.decode(data, { useTArray: true });
      expect([w, h], path).toEqual([Number.parseInt(width, 10), (Number.parseInt(width, 10) * IMAGE_SIZE.height) / IMAGE_SIZE.width]);
    }
    // A modest demo: well under 2 MB in all.
    expect(bytes).toBeLessThan(1_500_000);
  });
});
