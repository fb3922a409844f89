/**
 * `npm run account:create -- --email <e-mail> --brand <brand id or host> --first-name <name> --last-name <name> [--phone <number>]`:
 * an operator creates an account on the configured database (production seeds none). It has no password: the
 * command prints the single-use set-password link (valid one hour) and queues it as an e-mail to the owner
 * (server/auth/createAccount.ts). With the embedded database (no DATABASE_URL), stop the server first: one
 * process holds the data directory.
 */
import { parseArgs } from 'node:util';
import { AccountError, createAccount } from './auth/createAccount';
import { ConfigError, readConfig } from './config';
import { DataDirLockedError } from './db/lock';

const USAGE = 'usage: npm run account:create -- --email <e-mail> --brand <brand id or host> --first-name <name> --last-name <name> [--phone <number>]';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, brand: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' }, phone: { type: 'string' } },
    strict: true,
  });
  const { email, brand, 'first-name': firstName, 'last-name': lastName, phone } = values;
  if (!email || !brand || !firstName || !lastName) throw new AccountError(USAGE);
  const config = readConfig();
  // Loaded once the input is complete: a usage error answers at once.
  const [{ createServices }, { createLogger }] = await Promise.all([import('./services'), import('./log')]);
  const services = await createServices(config, createLogger(config.logLevel));
  try {
    const account = await createAccount(services, { email, brand, firstName, lastName, phone });
    process.stdout.write(`Account ${account.email} created (brand ${account.brandId}), without a password.\n`);
    process.stdout.write(`Set-password link (single use, valid one hour; also queued as an e-mail to the owner):\n${account.link}\n`);
  } finally {
    await services.database.close();
  }
}

main().catch((e: unknown) => {
  if (e instanceof AccountError || e instanceof ConfigError || e instanceof DataDirLockedError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  }
  // parseArgs refuses unknown or malformed options with a TypeError naming them.
  if (e instanceof TypeError && 'code' in e && String(e.code).startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${e.message}\n${USAGE}\n`);
    process.exit(2);
  }
  process.stderr.write(`${String((e as Error)?.stack ?? e)}\n`);
  process.exit(1);
});
