// `npm start`: build the web app if its sources changed, then run the server (PGlite under ./data
// unless DATABASE_URL is set).
import { ensureWebBuilt } from './build-web.mjs';

ensureWebBuilt();
await import('../server/src/main.ts');
