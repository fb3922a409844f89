/**
 * Texts the server sends (refusals, e-mails, API errors) come from the message catalogue by key, like
 * the browser's. Lint checks the keys the definitions name; this checks the keys the server's code
 * names: every string literal in server/ shaped like a catalogue key resolves in the base catalogue, and
 * every catalogued error code has its `api.error.<code>` text. A key that is not a message (a record
 * path, a seed scenario's name) is listed below with the reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUED_CODES, messageKeyOf } from '../../../server/graphql/apiErrors';
import { loadServerDefinitions } from '../../../server/definitions';

const root = new URL('../../..', import.meta.url).pathname;
const NOT_MESSAGES: Record<string, string> = {
  'calculator.shortlists': 'a record path (server/graphql/resolvers/shortlists.ts)',
};

const tsFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

describe('message keys named in server code', () => {
  const definitions = loadServerDefinitions(root);
  const messages = definitions.layers({}).messages;
  const namespaces = new Set(Object.keys(messages).map((k) => k.split('.')[0]));
  const named = tsFiles(join(root, 'server'))
    .filter((file) => !file.includes(`${join('server', 'seed')}`))
    .flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/['`]([a-z][A-Za-z]*(?:\.[A-Za-z0-9_]+)+)['`]/g)]
        .map((m) => ({ key: m[1], at: relative(root, file) }))
        .filter(({ key }) => namespaces.has(key.split('.')[0]) && !(key in NOT_MESSAGES)),
    );

  it('finds the keys it checks', () => {
    expect(named.map((n) => n.key)).toEqual(expect.arrayContaining(['api.error.UNEXPECTED', 'auth.login.invalid', 'validation.default']));
  });

  it('resolves every one in the base catalogue', () => {
    expect(named.filter(({ key }) => typeof messages[key] !== 'string').map(({ key, at }) => `${at}: ${key}`)).toEqual([]);
  });

  it('has a text for every catalogued error code', () => {
    expect([...CATALOGUED_CODES].map(messageKeyOf).filter((key) => typeof messages[key] !== 'string')).toEqual([]);
  });

  it('never answers a missing key raw: the unexpected-error text instead', () => {
    expect(messages['api.error.UNEXPECTED']).toBeTruthy();
    expect(definitions.message('no.such.key', {})).toBe(messages['api.error.UNEXPECTED']);
  });
});
