/** Rate limits: rules from the definitions, counters in the database, the client of a request. */
export { clientAddress, IN_PROCESS_CLIENT, normaliseAddress, type NodeServerContext } from './clientAddress';
export { LIMIT_ACTIONS, readLimitSettings, type LimitAction, type LimitRule, type LimitScope, type LimitSettings } from './limitSettings';
export { createRateLimiter, type LimitSubject, type LimitTicket, type LimitVerdict, type RateLimiter } from './rateLimiter';
