import type { TestProject } from 'vitest/node';
import { createPgliteTemplate, createPostgresTestDatabase } from './template-db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
  }
}

/** Prepares the database the API tests of this project run on (see vitest.config.ts). */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.FB_TEST_DB;
  if (kind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres API tests');
    const { url, drop } = await createPostgresTestDatabase(adminUrl);
    project.provide('postgresUrl', url);
    return drop;
  }
  project.provide('pgliteTemplate', await createPgliteTemplate());
  return undefined;
}
