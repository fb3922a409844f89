/** Client-sent return URLs of the e-signature operations (spec 000 s7 builds them from the page's host). */
import { onPublicOrigin } from '../../brands';
import type { ServerContext } from '../../context';
import { refuse } from '../../enforce';

/**
 * Accept a return URL only on the brand's own public origin (a signing provider never redirects to another
 * site) and, when `path` is given, only at that path (no fragment). Absent values pass unless `required`.
 */
export function checkReturnUrl(ctx: ServerContext, returnUrl: unknown, options: { path?: string; required?: boolean } = {}): void {
  if ((returnUrl === undefined || returnUrl === null) && !options.required) return;
  if (typeof returnUrl !== 'string' || !onPublicOrigin(ctx.brand, returnUrl)) {
    throw refuse('INVALID_VALUE', `returnUrl must be an address on ${ctx.brand.publicOrigin}`, { returnUrl });
  }
  const url = new URL(returnUrl);
  if (options.path !== undefined && (url.pathname !== options.path || url.hash)) {
    throw refuse('INVALID_VALUE', `returnUrl must be ${ctx.brand.publicOrigin}${options.path}`, { returnUrl });
  }
}
