import { defineConfig } from 'vitest/config';

/**
 * One `npm test` runs everything: pure unit tests, API tests on PGlite (always) and on
 * PostgreSQL+PostGIS (when TEST_DATABASE_URL is set), and end-to-end tests in Chromium.
 */
const apiProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${db}`,
    include: ['server/test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    // FB_AUDIT_GUARD: every successful write must log an activity entry (server/src/activities/audit-guard.ts).
    env: { FB_TEST_DB: db, FB_AUDIT_GUARD: '1' },
    // One migrated database per worker, shared by the files that worker runs (see test/harness.ts).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

export default defineConfig({
  test: {
    // The JSON report lets CI print a plain "N passed, N failed" line (scripts/test-summary.mjs).
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'web/src/**/*.test.ts', 'server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
