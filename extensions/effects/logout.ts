import type { EffectHandler } from '../../runtime/react';

/** The sign-out mutation (server/graphql/schema/auth.graphql): deletes the session and clears the httpOnly cookie. */
const LOGOUT = 'mutation logout { logout { success } }';

/**
 * Logs the user out: the server ends the session (and clears the httpOnly cookie), then the app
 * reloads at the sign-in page, so the in-memory user and application are gone too. `params.reason`
 * (a word, e.g. `saved` after Save & Close) goes to the sign-in page as `?reason=`, which says why.
 * A failed call throws (the step shows the global error dialog with Try Again).
 * @example { effect: logout, params: { reason: saved } }
 */
export const logout: EffectHandler = async (params) => {
  const res = await fetch('/graphql', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: LOGOUT }) });
  const answer = (await res.json()) as { data?: { logout?: { success?: boolean } }; errors?: { message: string }[] };
  if (!answer.data?.logout?.success) throw new Error(answer.errors?.[0]?.message ?? 'logout failed');
  const reason = typeof params.reason === 'string' && /^[a-z]+$/.test(params.reason) ? params.reason : undefined;
  location.assign(reason ? `/login?reason=${reason}` : '/login');
};
