/** addressSuggestions and addressDetails (address.graphql): the address provider for signed-in users, within settings.address and rate limited. */
import { AddressProviderError, addressRules } from '../../address';
import type { ServerContext } from '../../context';
import { apiError, guard } from '../access';
import { enforceLimit } from '../rateLimits';

const rulesOf = (ctx: ServerContext) => addressRules(ctx.definitions.layers(ctx.brand.selection).settings);
const invalid = (ctx: ServerContext, field: string, reason: string) =>
  apiError('INVALID_VALUE', reason, { fields: { [field]: ctx.definitions.message('validation.default', ctx.brand.selection) } });

/** A provider that cannot answer is ADDRESS_UNAVAILABLE; anything else is unexpected (masked). */
async function provider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AddressProviderError) throw apiError('ADDRESS_UNAVAILABLE', e.message);
    throw e;
  }
}

/** Resolvers of address.graphql. */
export const addressResolvers = {
  Query: {
    addressSuggestions: guard('user', async (args: { query: string; countries?: string[] | null }, ctx, user) => {
      const rules = rulesOf(ctx);
      const query = String(args.query ?? '').trim();
      if (query.length > rules.maxQueryLength) throw invalid(ctx, 'query', `query is longer than ${rules.maxQueryLength} characters`);
      const asked = args.countries?.length ? [...new Set(args.countries.map((c) => String(c).trim().toUpperCase()))] : rules.countries;
      const unknown = asked.filter((c) => !rules.countries.includes(c));
      if (unknown.length) throw invalid(ctx, 'countries', `countries must be among ${rules.countries.join(', ')} (got ${unknown.join(', ')})`);
      await enforceLimit(ctx, 'addressLookup', user.email);
      if (query.length < rules.minLength) return [];
      return provider(() => ctx.services.address.suggestions(query, asked, rules.maxSuggestions));
    }),
    addressDetails: guard('user', async (args: { id: string }, ctx, user) => {
      const id = String(args.id ?? '');
      if (!id || id.length > 200) throw invalid(ctx, 'id', 'id must be 1 to 200 characters');
      await enforceLimit(ctx, 'addressLookup', user.email);
      const details = await provider(() => ctx.services.address.details(id));
      // Only the countries the autocomplete offers (a real provider's id could name another).
      if (!details || !rulesOf(ctx).countries.includes(details.countryCode.toUpperCase())) return null;
      return { id, ...details };
    }),
  },
};
