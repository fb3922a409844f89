/** Every resolver of the schema declares who may call it; a resolver without a declaration fails here. */
import { createSchema } from 'graphql-yoga';
import { describe, expect, it } from 'vitest';
import { accessOf, undeclaredFields } from '../../../server/graphql/access';
import { loadResolvers, readTypeDefs } from '../../../server/graphql/loadSchema';
import { ACCESS_TABLES, resolvers } from '../../../server/graphql/resolvers';

const schemaOf = (typeDefs: string[], map: Record<string, unknown>) => createSchema({ typeDefs, resolvers: map as never });

describe('access declarations', () => {
  it('every Query and Mutation field of the schema has a resolver that declares its access', () => {
    expect(undeclaredFields(schemaOf(readTypeDefs(), resolvers), resolvers)).toEqual([]);
  });

  it('the resolvers the server loads are declared by guard or by an access table', async () => {
    const loaded = await loadResolvers();
    expect(loaded.apiLoaded).toBe(true);
    const missing = undeclaredFields(schemaOf(readTypeDefs(), loaded.resolvers), loaded.resolvers).filter((f) => !(f in ACCESS_TABLES));
    expect(missing).toEqual([]);
  });

  it('reports a resolver added without a declaration', () => {
    const extra = [...readTypeDefs(), 'extend type Query { sneaky: String }'];
    const map = { ...resolvers, Query: { ...(resolvers.Query as object), sneaky: () => 'x' } };
    expect(undeclaredFields(schemaOf(extra, map), map)).toEqual(['Query.sneaky']);
  });

  it('declares the access the spec implies for a few representative operations', () => {
    const q = resolvers.Query as Record<string, unknown>;
    const m = resolvers.Mutation as Record<string, unknown>;
    expect(accessOf(q.getOrgProfilesByDomain)).toBe('public');
    expect(accessOf(q.fetchRatebook)).toBe('public');
    expect(accessOf(q.industries)).toBe('user');
    expect(accessOf(m.createOrUpdateProperty)).toBe('applicationMember');
    expect(accessOf(m.submitCreditCheck)).toBe('applicationMember');
    expect(accessOf(m.login)).toBe('anyone');
  });
});
