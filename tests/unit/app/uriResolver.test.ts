import fastUri from 'fast-uri';
import { describe, expect, test } from 'vitest';
import uriResolver from '../../../app/uriResolver';

// The stand-in answers as fast-uri (which it replaces in the browser build) for the references rjsf resolves:
// a schema's `$ref` against its `$id`, relative or absolute, and the '#' rjsf uses when a schema has no `$id`.
describe('uriResolver: the browser build\'s fast-uri', () => {
  const resolutions: [string, string][] = [
    ['#', '#/$defs/address'],
    ['login', '#/$defs/email'],
    ['login', 'common#/$defs/email'],
    ['schemas/login', '../common/email'],
    ['https://schemas.example/forms/login', '#/$defs/email'],
    ['https://schemas.example/forms/login', 'address'],
    ['https://schemas.example/forms/login', '../shared/address#/$defs/line'],
    ['https://schemas.example/forms/login', 'https://other.example/x'],
    ['https://schemas.example/a/b/c', './d/../e'],
  ];
  test.each(resolutions)('resolve(%s, %s) is fast-uri\'s', (base, reference) => {
    expect(uriResolver.resolve(base, reference)).toBe(fastUri.resolve(base, reference));
  });

  const comparisons: [string, string][] = [
    ['login', 'login'],
    ['login', 'logon'],
    ['HTTPS://Schemas.Example/forms/login', 'https://schemas.example/forms/login'],
    ['https://schemas.example:443/a', 'https://schemas.example/a'],
    ['https://schemas.example/a/./b', 'https://schemas.example/a/b'],
    ['https://schemas.example/a#x', 'https://schemas.example/a#y'],
  ];
  test.each(comparisons)('equal(%s, %s) is fast-uri\'s', (a, b) => {
    expect(uriResolver.equal(a, b)).toBe(fastUri.equal(a, b));
  });
});
