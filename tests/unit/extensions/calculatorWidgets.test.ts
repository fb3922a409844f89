import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { extensionFunctions } from '../../../extensions/functions';
import { createLogic, lastPage as lastPageFunction } from '../../../runtime/core';
import { acceptImage, imageSources, vehicleSrcset } from '../../../extensions/calculator/vehicleImages';
import { PAGER_KEYS, pageWindow } from '../../../extensions/widgets/Pager';
import { VEHICLE_CARD_KEYS } from '../../../extensions/widgets/VehicleCard';

describe('vehicle images (spec 000 s5, 002 s2)', () => {
  it('accepts image extensions and cloud storage hosts, maps starred codes to the library', () => {
    expect(acceptImage('/vehicles/kia-ev6.JPG')).toBe('/vehicles/kia-ev6.JPG');
    expect(acceptImage('https://x.blob.core.windows.net/img/123', { cloudHosts: ['blob.core.windows.net'] })).toBe('https://x.blob.core.windows.net/img/123');
    expect(acceptImage('https://example.com/img/123', { cloudHosts: ['blob.core.windows.net'] })).toBeUndefined();
    expect(acceptImage('AB*123', { imageLibrary: 'https://lib.example/img/' })).toBe('https://lib.example/img/AB123.JPG');
    expect(acceptImage('AB*123')).toBeUndefined();
    expect(acceptImage('')).toBeUndefined();
  });

  it('tries trim, then normal, then base image', () => {
    expect(imageSources({ jatoImagepath: '/a.jpg', jatoImagepathTrim: '/t.png', jatoImagepathBase: '/b.gif' })).toEqual(['/t.png', '/a.jpg', '/b.gif']);
    expect(imageSources({ jatoImagepath: '/a.jpg', jatoImagepathTrim: 'nope', jatoImagepathBase: '/a.jpg' })).toEqual(['/a.jpg']);
  });

  it('offers the narrower copies of an image a srcset rule covers, nothing for others', () => {
    const settings = { srcset: [{ prefix: '/vehicles/', widths: [640, 320] }] };
    expect(vehicleSrcset('/vehicles/kia-ev6.jpg', settings)).toBe('/vehicles/kia-ev6.jpg 640w, /vehicles/kia-ev6-320w.jpg 320w');
    expect(vehicleSrcset('/vehicles/x.PNG', { srcset: [{ prefix: '/vehicles/', widths: [800] }] })).toBe('/vehicles/x.PNG 800w');
    expect(vehicleSrcset('https://lib.example/img/AB123.JPG', settings)).toBeUndefined();
    expect(vehicleSrcset('/vehicles/kia-ev6.jpg')).toBeUndefined();
    expect(vehicleSrcset('/vehicles/kia-ev6.jpg?v=2', settings)).toBeUndefined();
  });
});

describe('pager window (spec 002 s9: at most 6 page buttons)', () => {
  it('shows a window of at most six pages around the current page', () => {
    expect(pageWindow(1, 3, 6)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageWindow(10, 20, 6)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20, 6)).toEqual([15, 16, 17, 18, 19, 20]);
  });
});

const lastPage = lastPageFunction.fn;

describe('last page (a page past the end goes there; the first when nothing matched)', () => {
  it('answers the last page of a count, 1 for none or no number', () => {
    expect([lastPage(139, 10), lastPage(139, 100), lastPage(140, 10), lastPage(1, 25), lastPage(25, 25), lastPage(26, 25)]).toEqual([14, 2, 14, 1, 1, 2]);
    expect([lastPage(0, 25), lastPage(undefined, 25), lastPage(null, 10), lastPage(139, 0), lastPage('x', 10)]).toEqual([1, 1, 1, 1, 1]);
  });

  // The manifest's list of functions and signatures is checked in manifest.test.ts.
  it('is a function of the logic the app creates', () => {
    expect(createLogic({ functions: extensionFunctions }).evaluate({ lastPage: [139, 10] }, {})).toBe(14);
  });
});

describe('calculator widget texts', () => {
  it('lists every message key the card and the pager show in extensions/manifest.yaml (lint then checks the catalogues)', () => {
    const manifest = parse(readFileSync(new URL('../../../extensions/manifest.yaml', import.meta.url), 'utf8')) as { messages: string[] };
    for (const key of [...Object.values(VEHICLE_CARD_KEYS), ...Object.values(PAGER_KEYS)]) expect(manifest.messages).toContain(key);
  });
});
