/** industries, subDivisions, subGroups (from the database); getBusinessInfo is in catalogue.ts. */
import { guard } from '../access';

/** The spec's client replaces '/' in ids by '|'. */
const idOf = (v: string) => v.replace(/\|/g, '/');

/** Resolvers of reference.graphql. */
export const referenceResolvers = {
  Query: {
    industries: guard('user', async (_args: unknown, ctx) => {
      const rows = await ctx.db.selectFrom('industries').select(['doc_id', 'name']).orderBy('name').execute();
      return rows.map((r) => ({ docId: r.doc_id, name: r.name }));
    }),
    subDivisions: guard('user', async (args: { param: string }, ctx) => {
      const rows = await ctx.db.selectFrom('sub_divisions').select(['doc_id', 'name']).where('industry_id', '=', idOf(args.param)).orderBy('name').execute();
      return rows.map((r) => ({ docId: r.doc_id, name: r.name }));
    }),
    subGroups: guard('user', async (args: { industryId: string; subDivisionId: string }, ctx) => {
      const rows = await ctx.db
        .selectFrom('sub_groups')
        .select(['doc_id', 'name'])
        .where('industry_id', '=', idOf(args.industryId))
        .where('sub_division_id', '=', idOf(args.subDivisionId))
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ docId: r.doc_id, name: r.name }));
    }),
  },
};
