/** Refusals of the enforcement layer: a stable `code` the API puts in `extensions.code`, plus details. */

/** Every refusal code the enforcement layer answers. */
export type EnforceCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'FORBIDDEN_PATH'
  | 'INVALID_PATH'
  | 'INVALID_VALUE'
  | 'INVALID_TRANSITION'
  | 'TRANSITION_NOT_ALLOWED'
  | 'GUARD_FAILED'
  | 'PROVIDER_OUTCOME'
  | 'STALE_VERSION'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'ALREADY_SUBMITTED'
  | 'STEP_INCOMPLETE';

/** HTTP-ish status the error maps to (yoga puts it in `extensions.http`). */
export const HTTP_STATUS: Record<EnforceCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  FORBIDDEN_PATH: 403,
  INVALID_PATH: 400,
  INVALID_VALUE: 400,
  INVALID_TRANSITION: 409,
  TRANSITION_NOT_ALLOWED: 403,
  GUARD_FAILED: 409,
  PROVIDER_OUTCOME: 409,
  STALE_VERSION: 409,
  NOT_FOUND: 404,
  CONFLICT: 409,
  ALREADY_SUBMITTED: 409,
  STEP_INCOMPLETE: 409,
};

/**
 * A refused request: what (`code`), why (developer-facing English: the API sends it as
 * `extensions.reason`; the user sees the catalogue text `api.error.<code>`, see server/graphql/apiErrors.ts)
 * and machine-readable details.
 */
export class EnforceError extends Error {
  /** Stable code for clients and tests. */
  readonly code: EnforceCode;
  /** Extra fields for `extensions` (path, from, to, fields ...). */
  readonly details: Record<string, unknown>;
  constructor(code: EnforceCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'EnforceError';
    this.code = code;
    this.details = details;
  }
}

/** Shorthand constructor. */
export const refuse = (code: EnforceCode, message: string, details?: Record<string, unknown>): EnforceError => new EnforceError(code, message, details);
