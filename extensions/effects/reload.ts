import type { EffectHandler } from '../../runtime/react';

/**
 * Loads the app afresh at `params.to` (an app path; `/` when missing or not a local path): it
 * starts over with the server session, so the user and application it loads are the signed-in
 * ones (after `login`).
 */
export const reload: EffectHandler = (params) => {
  const to = typeof params.to === 'string' && params.to.startsWith('/') && !params.to.startsWith('//') ? params.to : '/';
  location.assign(to);
};
