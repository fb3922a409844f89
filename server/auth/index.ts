/** Sign-in: identity providers, argon2id passwords, server-side sessions, password reset. */
export type { IdentityProvider, SessionUser, SignInResult, PasswordResetCapability, ResetPasswordOutcome, ResetEmailTexts } from './types';
export { hashPassword, verifyPassword, ARGON2_OPTIONS } from './password';
export { createPasswordProvider, INVITATION_EMAIL, RESET_EMAIL, RESET_KEYS, RESET_TOKEN_TTL_MS } from './passwordProvider';
export { passwordRuleErrors, passwordRules, PASSWORD_SCHEMA_ID } from './passwordRules';
export { landingFor, landingPath, NO_APPLICATION_PATH } from './loginRouting';
export { createSession, sessionIdHash, settleSession, setSessionIdleSeconds, type SessionRow, type SettledSession, destroySession, destroyUserSessions, sessionCookie, sessionCookieName, readCookie, sha256, SESSION_TTL_MS } from './sessions';
export { DEFAULT_IDLE_RULE, idleRule, idleTouchMs, warningFor, type IdleRule, type SessionIdleState } from './sessionIdle';
