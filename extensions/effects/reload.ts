import type { EffectHandler } from '../../runtime/react';

/** Where `reload` goes: `params.to` when it is an app path, else `/`. */
export const reloadTarget = (params: Record<string, unknown>): string =>
  (typeof params.to === 'string' && params.to.startsWith('/') && !params.to.startsWith('//') ? params.to : '/');

/**
 * Loads the app afresh at `params.to` (an app path; `/` when missing or not a local path): it
 * starts over with the server session, so the user and application it loads are the signed-in
 * ones (after `login`). A form posted before the app (app/server.tsx `submit`) redirects there instead.
 */
export const reload: EffectHandler = (params) => {
  location.assign(reloadTarget(params));
};
