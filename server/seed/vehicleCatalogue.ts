/**
 * The demo catalogue (data/vehicles.yaml) and the names of its vehicle images, shared by the rate-book
 * generator (ratebook.ts) and the image generator (scripts/vehicleImages.ts) so every seeded path names
 * a file that exists (app/public/vehicles/, served as /vehicles/).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

/** One model of the catalogue, with its make. */
export interface CatalogueModel { make: string; model: string; body: string; cab?: string[]; fuel: string[]; seats: number[]; price: number; trims: string[] }

/** How a ute's cab is drawn: one row of seats, a small rear space, or two rows of seats. */
export type CabStyle = 'single' | 'extra' | 'dual';

const DATA = join(import.meta.dirname, 'data', 'vehicles.yaml');

/** URL path under which the demo images are served (the front end's public directory, app/public/). */
export const VEHICLE_IMAGE_DIR = '/vehicles/';

/** Every model of the catalogue, in file order (make by make). */
export function catalogueModels(): CatalogueModel[] {
  const makes = (parse(readFileSync(DATA, 'utf8')) as { makes: Record<string, Omit<CatalogueModel, 'make'>[]> }).makes;
  return Object.entries(makes).flatMap(([make, list]) => list.map((m) => ({ make, ...m })));
}

/** The cab style of a rate-book cab type: 'S/CAB' single, 'D/CAB' dual, every other (X/CAB, SUPER CAB, KING CAB ...) extra. */
export function cabStyle(cab: string): CabStyle {
  return cab === 'S/CAB' ? 'single' : cab === 'D/CAB' ? 'dual' : 'extra';
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The file name (without extension) of a vehicle's image: `<make>-<model>` (a ute drawn with a dual
 * cab), `<make>-<model>-single-cab` or `-extra-cab` for a ute with another cab.
 */
export function vehicleImageName(make: string, model: string, cab?: string | null): string {
  const style = cab ? cabStyle(cab) : 'dual';
  return `${slug(make)}-${slug(model)}${style === 'dual' ? '' : `-${style}-cab`}`;
}

/** The image path a rate-book row of this vehicle carries (jato_imagepath). */
export function vehicleImagePath(make: string, model: string, cab?: string | null): string {
  return `${VEHICLE_IMAGE_DIR}${vehicleImageName(make, model, cab)}.jpg`;
}

/** One image to draw: its file name, the model, and (a ute) its cab style. */
export interface CatalogueImage { name: string; model: CatalogueModel; cab: CabStyle | null }

/** Every image the catalogue needs: one per model, plus one per other cab style a ute comes in. */
export function catalogueImages(): CatalogueImage[] {
  return catalogueModels().flatMap((m): CatalogueImage[] => {
    if (m.body !== 'UTE') return [{ name: vehicleImageName(m.make, m.model), model: m, cab: null }];
    const styles = new Set<CabStyle>(['dual', ...(m.cab ?? []).map(cabStyle)]);
    return [...styles].map((style) => ({ name: vehicleImageName(m.make, m.model, style === 'dual' ? null : style === 'single' ? 'S/CAB' : 'X/CAB'), model: m, cab: style }));
  });
}
