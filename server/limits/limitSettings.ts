/**
 * The rate-limit rules, read from the definitions' `settings.rateLimits` (messages/api.yaml, base layer;
 * a region or brand layer may change them). Every action must have its rules: a missing or malformed
 * rule stops the server at start, so a typo never switches a limit off.
 */

/** Who a rule counts: the client address, the target e-mail address, the pair, or the signed-in user (their account id). */
export type LimitScope = 'client' | 'email' | 'clientEmail' | 'user';

/** At most `limit` hits per sliding `windowSeconds` for one subject of `per`. */
export interface LimitRule {
  per: LimitScope;
  limit: number;
  windowSeconds: number;
}

/** The limited actions. */
export const LIMIT_ACTIONS = ['signIn', 'signInFailure', 'passwordReset', 'invitation', 'onlineAccount', 'publicLead', 'addressLookup', 'fileInspection', 'leaseDocumentEmail'] as const;
/** One limited action. */
export type LimitAction = (typeof LIMIT_ACTIONS)[number];
/** Rules of every action. */
export type LimitSettings = Record<LimitAction, LimitRule[]>;

const SCOPES: readonly LimitScope[] = ['client', 'email', 'clientEmail', 'user'];
const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const positiveInteger = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** Read and check `settings.rateLimits`; throws naming the first bad entry. */
export function readLimitSettings(settings: Record<string, unknown>, where: string): LimitSettings {
  const raw = settings.rateLimits;
  if (!isObject(raw)) throw new Error(`${where}: settings.rateLimits is missing (rules for ${LIMIT_ACTIONS.join(', ')})`);
  const out = {} as LimitSettings;
  for (const action of LIMIT_ACTIONS) {
    const rules = raw[action];
    if (!Array.isArray(rules) || rules.length === 0) throw new Error(`${where}: settings.rateLimits.${action} must list at least one rule { per, limit, windowSeconds }`);
    out[action] = rules.map((rule, i) => {
      const at = `${where}: settings.rateLimits.${action}[${i}]`;
      if (!isObject(rule)) throw new Error(`${at} must be { per, limit, windowSeconds }`);
      if (!SCOPES.includes(rule.per as LimitScope)) throw new Error(`${at}.per must be one of ${SCOPES.join(', ')}`);
      if (!positiveInteger(rule.limit)) throw new Error(`${at}.limit must be a positive whole number`);
      if (!positiveInteger(rule.windowSeconds)) throw new Error(`${at}.windowSeconds must be a positive whole number`);
      return { per: rule.per as LimitScope, limit: rule.limit, windowSeconds: rule.windowSeconds };
    });
  }
  return out;
}
