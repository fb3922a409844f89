/** fetchRatebook, fetchCacheMakeModel and getBusinessInfo: public calls of the calculator (spec 000 s5/s7, 002 s7). */
import { calculatorProviders } from '../../calculatorProviders';
import { calculatorRules, FilterError, searchPlan, type RatebookFilters } from '../../catalogue';
import type { ServerContext } from '../../context';
import { apiError, guard } from '../access';

const rulesOf = (ctx: ServerContext) => calculatorRules(ctx.definitions.layers(ctx.brand.selection).settings);

/** Resolvers of catalogue.graphql and getBusinessInfo (reference.graphql). */
export const catalogueResolvers = {
  Query: {
    fetchRatebook: guard('public', async (args: { searchFilters: RatebookFilters }, ctx) => {
      let plan;
      try {
        plan = searchPlan(args.searchFilters ?? {}, rulesOf(ctx));
      } catch (e) {
        if (e instanceof FilterError) throw apiError('INVALID_FILTER', e.message, { field: e.field });
        throw e;
      }
      const page = await calculatorProviders(ctx.services).catalogue.search(plan);
      return { results: { rows: page.rows, totalCount: page.totalCount, resultCount: page.rows.length }, totalCount: page.totalCount };
    }),
    fetchCacheMakeModel: guard('public', async (_args: { searchFilters?: { countryCode?: string | null } | null }, ctx) => {
      const rules = rulesOf(ctx);
      const rows = await calculatorProviders(ctx.services).catalogue.makeModels(rules.countryCode);
      const enabled = rules.manufacturersEnabled;
      return { results: { rows: enabled ? rows.filter((r) => enabled.includes(r.make.toUpperCase())) : rows } };
    }),
    getBusinessInfo: guard('public', async (args: { param: string; region?: string | null }, ctx) => {
      // The region's own business number and validator (regions/*.yaml settings.businessNumber); any region the definitions hold.
      const region = ctx.services.regions.get(args.region ?? ctx.brand.region);
      if (!region) {
        const known = ctx.services.regions.codes.map((c) => `'${c}'`).join(', ');
        throw apiError('INVALID_VALUE', `region must be one of ${known}`, { fields: { region: ctx.definitions.message('validation.default', ctx.brand.selection) } });
      }
      const { maxResults, minLength } = rulesOf(ctx).businessSearch;
      return calculatorProviders(ctx.services).businessRegistry.lookup({ param: String(args.param ?? ''), region: region.code, numbers: region.businessNumber, limit: maxResults, minLength });
    }),
  },
};
