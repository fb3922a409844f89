/**
 * `npm run seed [-- --ratebook N] [-- --table]`: seed the configured database (idempotent): the reference
 * data always, the demo accounts and applications in demo mode only (`demoMode`: never in production).
 * `--table` prints the demo logins as a Markdown table (for the README; demo mode only).
 */
import { demoMode, readConfig } from './config';
import { createLogger } from './log';
import { demoLogins, seedAll } from './seed/index';
import { createServices } from './services';

const args = process.argv.slice(2);
const rowsArg = args.indexOf('--ratebook');
const config = readConfig();
const log = createLogger(config.logLevel);
const services = await createServices(config, log);
try {
  const started = Date.now();
  const result = await seedAll(services, { ratebookRows: rowsArg >= 0 ? Number.parseInt(args[rowsArg + 1], 10) : config.seedRatebookRows });
  log.info({ ...result, ms: Date.now() - started }, 'seeded');
  if (args.includes('--table') && demoMode(config)) {
    const logins = await demoLogins(services);
    process.stdout.write(`Password for every demo user: \`${logins.password}\`\n\n| role | region | brand | status | e-mail | scenario |\n|---|---|---|---|---|---|\n`);
    for (const u of logins.users) process.stdout.write(`| ${u.role} | ${u.region} | ${u.brand} | ${u.status} | ${u.email} | ${u.summary} |\n`);
  }
} finally {
  await services.database.close();
}
