/**
 * An operator creates an account (`npm run account:create`, server/accountCreate.ts): production seeds no
 * account, so the first one comes from here. The account has no password; its owner sets one through the
 * same single-use, one-hour set-password link as an invited officer's (the identity provider's password
 * reset: a token in `password_resets`, the link to the brand's public origin `/reset-password`), queued in
 * the outbox as the `account` e-mail and answered to the operator, who passes it on when no mail is sent.
 * @example
 * const { link } = await createAccount(services, { email: 'ops@example.com', brand: 'acme-au', firstName: 'Ada', lastName: 'Lovelace' });
 */
import type { BrandContext } from '../brands';
import type { ServerServices } from '../context';
import type { ResetEmailTexts } from './types';

/** The e-mail carrying a new account's set-password link (catalogue keys: messages/account.yaml). */
export const ACCOUNT_EMAIL: ResetEmailTexts = { template: 'account', subject: 'auth.account.emailSubject', body: 'auth.account.emailBody' };

/** What the operator gives. */
export interface NewAccount {
  /** The owner's e-mail (stored lower-case; unique across brands). */
  email: string;
  /** The brand's id (`brands/<id>.yaml`) or one of its hosts (`settings.domains`). */
  brand: string;
  firstName: string;
  lastName: string;
  /** Mobile number (default none). */
  phone?: string;
}

/** The account made, and its set-password link. */
export interface CreatedAccount {
  userId: string;
  email: string;
  brandId: string;
  /** The single-use set-password link (valid RESET_TOKEN_TTL_MS); also queued as the e-mail. */
  link: string;
}

/** An account the operator's input cannot make (the CLI prints the message and exits with status 2). */
export class AccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AccountError';
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL = 254;

/** The brand named by id or by one of its hosts (never the default brand for an unknown name). */
function brandNamed(services: Pick<ServerServices, 'brands'>, name: string): BrandContext | undefined {
  const wanted = name.trim().toLowerCase();
  return services.brands.byId(wanted) ?? services.brands.all.find((b) => b.hosts.some((h) => h.toLowerCase() === wanted));
}

/**
 * Create the account without a password and queue its set-password e-mail; answers the link. Throws
 * {@link AccountError} for an unknown brand, a malformed e-mail, missing names or an e-mail that has an
 * account already (its owner asks for a reset on the sign-in page instead).
 */
export async function createAccount(services: Pick<ServerServices, 'database' | 'brands' | 'identity'>, input: NewAccount): Promise<CreatedAccount> {
  const db = services.database.db;
  const email = input.email.trim().toLowerCase();
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw new AccountError(`'${input.email}' is not an e-mail address`);
  const brand = brandNamed(services, input.brand);
  if (!brand) throw new AccountError(`no brand '${input.brand}': give a brand id (${services.brands.all.map((b) => b.id).join(', ')}) or one of its hosts`);
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  if (!firstName || !lastName) throw new AccountError('the first and last name are required (the e-mail greets the owner by first name)');
  const reset = services.identity.passwordReset;
  if (!reset) throw new AccountError(`the identity provider '${services.identity.id}' manages no passwords: its accounts are made where it signs people in`);
  const inserted = await db
    .insertInto('users')
    .values({ email, first_name: firstName, last_name: lastName, phone: input.phone?.trim() ?? '', password_hash: null, brand_id: brand.id, region: brand.region })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw new AccountError(`${email} has an account already: its owner asks for a new password on the sign-in page`);
  let link: string;
  try {
    await reset.request(email, { email: ACCOUNT_EMAIL });
    // The link the provider just queued (the outbox keeps what each e-mail's template used).
    const mail = await db
      .selectFrom('outbox')
      .select('data')
      .where('to_address', '=', email)
      .where('template', '=', ACCOUNT_EMAIL.template)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    const queued = mail?.data.link;
    if (typeof queued !== 'string') throw new Error(`no set-password e-mail was queued for ${email}`);
    link = queued;
  } catch (e) {
    // No account without its link: the operator can run the command again.
    await db.deleteFrom('users').where('id', '=', inserted.id).execute();
    throw e;
  }
  await db.insertInto('audit_log').values({ user_id: inserted.id, action: 'account-created' }).execute();
  return { userId: inserted.id, email, brandId: brand.id, link };
}
