import type { TestProject } from 'vitest/node';
// @ts-expect-error plain ESM script shared with `npm start`
import { ensureWebBuilt } from '../scripts/build-web.mjs';
import { createPgliteTemplate } from '../server/test/template-db.js';

/** End-to-end tests drive the built web app; they start from a migrated template database. */
export default async function setup(project: TestProject) {
  ensureWebBuilt();
  project.provide('pgliteTemplate', await createPgliteTemplate());
}
