/** `user` and `getOrgProfilesByDomain`. */
import { apiError, guard } from '../access';
import { orgProfileOf, userProfile } from './userProfile';

/** Resolvers of user.graphql. */
export const userResolvers = {
  Query: {
    user: guard('user', async (args: { email?: string | null; appCode?: string | null }, ctx, user) => {
      if (args.email && args.email.trim().toLowerCase() !== user.email) throw apiError('FORBIDDEN', 'you can only read your own user');
      return userProfile(ctx, user.id);
    }),
    getOrgProfilesByDomain: guard('public', (args: { domain?: string | null }, ctx) => {
      // No domain: the request's own host (the brand this page is served as).
      if (!args.domain?.trim()) return [orgProfileOf(ctx, ctx.brand)];
      const host = args.domain.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/[/:].*$/, '').replace(/\.$/, '');
      const registry = ctx.services.brands;
      const matches = registry.all.filter((b) => b.hosts.includes(host));
      const local = host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1';
      const brands = matches.length ? matches : local ? [registry.forHost(host)] : [];
      return brands.map((b) => orgProfileOf(ctx, b));
    }),
  },
};
