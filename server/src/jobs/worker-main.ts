import { loadConfig } from '../config.js';
import { openDatabase } from '../db/connect.js';
import { prepareDatabase } from '../db/prepare.js';
import { buildApp } from '../app.js';
import { startJobWorker, stopOnSignals } from './worker.js';

/**
 * `npm run worker`: a process that only runs jobs (imports, exports) on the shared PostgreSQL
 * database. It builds the app without listening, so it knows every job type the server does.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: the embedded database belongs to the server process');
    process.exit(1);
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await prepareDatabase(database.db);
  const app = await buildApp({ config, database });
  await app.ready();
  const worker = startJobWorker(app.deps);
  app.log.info('Fieldbook job worker is running');
  stopOnSignals(app, worker);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
