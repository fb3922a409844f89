/** Accept-Encoding negotiation (RFC 9110 §12.5.3): q-values, identity, `*`, refusals, the server's order. */
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, varyOnEncoding } from '../../../server/http/contentEncoding';

const both = ['br', 'gzip'] as const;

describe('negotiateEncoding', () => {
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['deflate', 'identity'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', 'identity'],
    ['gzip;q=0.8, br;q=0.5', 'gzip'],
    ['br;q=0.5, gzip;q=0.5', 'br'],
    ['gzip;q=0.5, identity', 'identity'],
    ['gzip;q=0.5, identity;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0.2, br;q=0', 'gzip'],
    ['identity;q=0', 'identity'],
    ['identity;q=0, *;q=0', 'identity'],
    ['br;q=2, gzip', 'gzip'],
    ['br;q=abc, gzip;q=0.1', 'gzip'],
    ['br ; q=0.9 , gzip ; q=1.0', 'gzip'],
  ])('%j -> %s', (header, chosen) => {
    expect(negotiateEncoding(header, both)).toBe(chosen);
  });

  it('chooses among the copies there are only', () => {
    expect(negotiateEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateEncoding('br', ['gzip'])).toBe('identity');
    expect(negotiateEncoding('br, gzip', [])).toBe('identity');
  });
});

describe('varyOnEncoding', () => {
  it('adds Accept-Encoding once to a Vary list', () => {
    expect(varyOnEncoding(null)).toBe('Accept-Encoding');
    expect(varyOnEncoding('Origin')).toBe('Origin, Accept-Encoding');
    expect(varyOnEncoding('Origin, accept-encoding')).toBe('Origin, accept-encoding');
    expect(varyOnEncoding('*')).toBe('*');
  });
});
