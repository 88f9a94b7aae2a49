import { z } from 'zod';

// Zod compiles fast parsers with Function() unless told not to; the app's Content-Security-Policy
// forbids eval, and zod's probe for it would be reported as a violation. Imported first by main.tsx.
z.config({ jitless: true });
