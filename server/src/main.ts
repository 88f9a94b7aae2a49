import { loadConfig } from './config.js';
import { openDatabase } from './db/connect.js';
import { prepareDatabase } from './db/prepare.js';
import { buildApp } from './app.js';
import { startJobWorker, stopOnSignals } from './jobs/worker.js';
import { startInboundSmtp } from './onecall/inbound-smtp.js';

/** Starts Fieldbook: opens the database (PGlite under DATA_DIR, or DATABASE_URL), migrates, serves. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database.db);
  const app = await buildApp({ config, database });
  // One-call tickets by mail (INBOUND_SMTP_PORT); closed with the app.
  const inbound = config.inbound;
  if (inbound?.smtpPort) {
    const smtp = await startInboundSmtp(app.deps, { port: inbound.smtpPort, host: inbound.smtpHost });
    app.addHook('onClose', () => smtp.close());
  }
  await app.listen({ port: config.port, host: config.host });
  // Imports and exports run in this process too; `npm run worker` adds workers on PostgreSQL. The worker
  // stops before the app closes (a hook cannot be added to a listening app).
  const worker = startJobWorker(app.deps);
  const url = config.publicUrl;
  app.log.info(`Fieldbook is running on ${url} (database: ${database.kind}, data: ${config.dataDir})`);
  console.log(
    `\n  Fieldbook is ready: ${url}\n  Create your account at ${url}/signup — the confirmation code is mailed${config.smtpUrl ? '' : ` to ${config.dataDir}/outbox/ and shown in this log`}.\n  API description: ${url}/docs\n`,
  );
  stopOnSignals(app, worker);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
