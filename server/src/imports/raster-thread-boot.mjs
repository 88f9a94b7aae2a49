// The raster thread's entry (imports/raster.ts starts it). Worker threads do not inherit the process's
// TypeScript loader, so this registers tsx, resolved from here, then loads the thread's TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./raster-thread.ts');
