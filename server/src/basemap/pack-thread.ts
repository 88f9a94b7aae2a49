import { workerData } from 'node:worker_threads';
import { serveTask, type ThreadData } from '../platform/threads.js';
import { buildPack } from './pack-build.js';

/** The thread that builds the basemap pack (several seconds of parsing, kept off the request thread). */
const { input } = workerData as ThreadData<{ file: string }>;
serveTask(async () => {
  await buildPack(input.file);
  return true;
});
