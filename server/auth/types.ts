/** Types shared by identity providers and sessions. */

/** The signed-in user as resolvers see it. */
export interface SessionUser {
  id: string;
  /** Lower-cased e-mail. */
  email: string;
  firstName: string;
  lastName: string;
  /** Brand the user belongs to. */
  brandId: string;
  /** Region code, e.g. `AU`. */
  region: string;
}

/** Outcome of a sign-in attempt. */
export type SignInResult =
  | { status: 'ok'; user: SessionUser }
  | { status: 'invalid' };

/**
 * Who the user is. E-mail + password is the built-in provider; an OIDC provider can replace it
 * by implementing `signIn` with an authorization-code exchange and mapping claims to a user row.
 */
export interface IdentityProvider {
  /** Provider id, e.g. `password` or `oidc`. */
  readonly id: string;
  /** Check credentials and answer the user or `invalid`. Never says which part was wrong. */
  signIn(credentials: { email: string; password: string }): Promise<SignInResult>;
  /** Password reset capability, when the provider manages passwords (an OIDC provider does not). */
  passwordReset?: PasswordResetCapability;
}

/** Outcome of `resetPassword`: success, or the failed rules' message keys. */
export type ResetPasswordOutcome = { ok: true } | { ok: false; errors: string[] };

/** Which e-mail carries a set-password link: its template name and the catalogue keys of its subject and body (`{firstName}`, `{link}`). */
export interface ResetEmailTexts {
  template: string;
  subject: string;
  body: string;
  /** The setting (dotted path, of the user's brand and region) giving the link's lifetime in hours; default one hour. */
  expiryHoursSetting?: string;
  /** Keys used instead of `subject` / `body` when a `vars` value they read is empty (e.g. no company yet). */
  withoutCompany?: { subject: string; body: string };
}

/** Password reset operations of a provider that manages passwords. */
export interface PasswordResetCapability {
  /**
   * Create a token and queue the e-mail; does nothing visible for unknown e-mails. The link goes to the
   * public origin of the user's own brand. `email` names the e-mail's template and catalogue keys
   * (default: the password-reset e-mail); `vars` fills its texts' other placeholders (`{company}`, `{sender}`).
   */
  request(email: string, options?: { email?: ResetEmailTexts; vars?: Record<string, string> }): Promise<void>;
  /** Apply a new password with a token; answers message keys on failure. */
  reset(input: { email: string; hash: string; password: string; confirmPassword?: string | null }): Promise<ResetPasswordOutcome>;
}
