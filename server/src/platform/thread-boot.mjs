// The entry of the project's worker threads (platform/threads.ts starts them). Worker threads do not
// inherit the process's TypeScript loader, so this registers tsx, resolved from here, then loads the
// thread's own module, named in its workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
