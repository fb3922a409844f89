/**
 * The server's entry, built into dist-node/main.js (scripts/buildServer.ts) that `npm start` runs once its `prestart`
 * has built what is stale (scripts/buildWhenStale.mjs): migrate, seed on first start (demo data in demo mode only), serve one port.
 */
import { ConfigError, demoMode, readConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { createLogger, flushLogs } from './log';

async function main(): Promise<void> {
  // The configuration first: a refused one ends the start before the rest of the server is loaded.
  const config = readConfig();
  const [{ createApp }, { createHttpServer }, { seedIfEmpty, demoLogins }, { createServices }, { BAD_REQUEST_KEY, refusalBody, requestRefusal }, { sharedInspectionPool }] = await Promise.all([
    import('./app'),
    import('./http'),
    import('./seed/index'),
    import('./services'),
    import('./plugins/requestRefusal'),
    import('./files/inspect/inspectionPool'),
  ]);
  const log = createLogger(config.logLevel);
  const services = await createServices(config, log);
  await seedIfEmpty(services);
  const app = await createApp(services);
  // Requests with an unusable Host, and those Node's parser refuses, answer the app's JSON refusal too.
  const refuse = requestRefusal(services.definitions.message(BAD_REQUEST_KEY, services.brands.fallback.selection));
  const server = createHttpServer(app, (status) => refusalBody(refuse('the HTTP request is malformed', status)));
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  // Upload inspection workers start now, not on the first upload, and not before the server answers: loading their
  // decoders takes ~0.5 s of CPU, which on 2 cores would delay the first answer (files/inspect/inspectionPool.ts).
  sharedInspectionPool().warm();
  const url = `http://localhost:${config.port}`;
  log.info({ url, graphql: `${url}/graphql`, database: services.database.kind, dataDir: config.dataDir, production: config.production }, 'listening');
  if (demoMode(config)) {
    const logins = await demoLogins(services);
    flushLogs();
    process.stdout.write(`\nFleetform at ${url} (AU: http://au.localhost:${config.port}, NZ: http://nz.localhost:${config.port})\n`);
    process.stdout.write(`Demo password for every demo user: ${logins.password}\n`);
    for (const l of logins.users) process.stdout.write(`  ${l.email.padEnd(44)} ${l.summary}\n`);
    process.stdout.write(`Dev mailbox: ${url}/dev/mailbox\n\n`);
  }
  const stop = (signal: string) => {
    log.info({ signal }, 'stopping');
    server.close();
    server.closeAllConnections();
    void services.database.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e: unknown) => {
  if (e instanceof DataDirLockedError || e instanceof ConfigError) {
    process.stderr.write(`${e.message}\n`);
    process.exit(2);
  }
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'start failed', error: String((e as Error)?.stack ?? e) })}\n`);
  process.exit(1);
});
