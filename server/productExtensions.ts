/**
 * The product's server extensions (extensions/): the code its definitions name by name, as the default
 * {@link ServerExtensions}. The server's one door to extensions/ (eslint.config.js holds it): every other server
 * module receives them through `ServerExtensions` (services.ts), which tests and embedders may fill with their own.
 */
import { businessNumberCheck, businessNumberValidators, type BusinessNumberCheck, type BusinessNumberValidators } from '../extensions/businessNumbers';
import { extensionFunctions } from '../extensions/functions';
import type { ServerExtensions } from './services';

export { businessNumberCheck, type BusinessNumberCheck, type BusinessNumberValidators };

/** The product's own: business-number validators (extensions/businessNumbers) and functions (extensions/functions). */
export const productExtensions = { businessNumberValidators, functions: extensionFunctions } as const satisfies ServerExtensions;
