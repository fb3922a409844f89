/** The persisted-operations manifest: found in sources, normalised, with Apollo's __typename variant. */
import { createHash } from 'node:crypto';
import { print, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { addTypename, addToManifest, documentsIn, normalise, operationHash } from '../../../server/plugins/persistedManifest';

describe('persisted manifest', () => {
  it('finds tagged templates, operation strings and .graphql files, not schema or interpolated text', () => {
    const ts = [
      'const A = gql`query A { session { redirectTo } }`;',
      "const ops = { logout: 'mutation Logout { logout { success } }', n: 'not graphql' };",
      'const B = `query B($x: ID) { getVehicleApplication(applicationId: $x) { applicationId } }`;',
      'const C = gql`query C { ${fragment} }`;',
    ].join('\n');
    const docs = documentsIn('x.ts', ts);
    expect(docs.map((d) => /(query|mutation) (\w+)/.exec(d)?.[2])).toEqual(['A', 'B', 'Logout']);
    expect(documentsIn('ops.graphql', 'query D { __typename }')).toEqual(['query D { __typename }']);
    const manifest: Record<string, string> = {};
    addToManifest(manifest, 'type Query { a: String }');
    expect(manifest).toEqual({});
  });

  it('hashes normalised text, with and without __typename', () => {
    const manifest: Record<string, string> = {};
    addToManifest(manifest, 'query   Me{session{user{email}}}');
    const plain = operationHash('query Me { session { user { email } } }');
    expect(manifest[plain]).toBe(normalise('query Me { session { user { email } } }'));
    const withTypename = print(addTypename(parse('query Me { session { user { email } } }')));
    expect(withTypename).toContain('__typename');
    expect(manifest[createHash('sha256').update(withTypename).digest('hex')]).toBe(withTypename);
  });
});
