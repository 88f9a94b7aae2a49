import type { Page } from 'playwright-core';
import { startJobWorker, type RunningWorker } from '../../server/src/jobs/worker.js';
import { openProjectPanel } from './map-page.js';
import type { ProjectRow, TreeFolder } from './projects.js';
import { copyTemplate, signIn, startMapEnv, updatePrefs, type MapEnv } from './session.js';

/** A signed-in map with a project and one folder to upload into, and a job worker running beside the server. */
export interface TransferWorld {
  env: MapEnv;
  page: Page;
  worker: RunningWorker;
  projectId: string;
  folderId: string;
  stop(): Promise<void>;
}

export async function startTransferWorld(o: {
  given: string;
  company: string;
  project: string;
  folder: string;
  centre: { lat: number; lng: number };
  zoom: number;
  /** Runs after the data is made and before the page opens (files the test will upload). */
  prepare?: () => void | Promise<void>;
}): Promise<TransferWorld> {
  const env = await startMapEnv({ given: o.given, company: o.company });
  // buildApp alone runs no jobs; main.ts starts this same worker.
  const worker = startJobWorker(env.server.app.deps, { pollMs: 500 });
  const dictionary = await copyTemplate(env, 'apwa-utility-locating', o.company);
  const projectId = (
    await env.api<ProjectRow>('POST', '/rest/projects', { name: o.project, dataDictionaryId: dictionary.id })
  ).id;
  const folderId = (await env.api<TreeFolder>('POST', `/rest/projects/${projectId}/folders`, { name: o.folder })).id;
  await updatePrefs(env.api, {
    lastProject: projectId,
    provider: 'MAP_OFFLINE',
    projectPrefs: [
      { id: projectId, selectedLayers: [], mapPrefs: { type: 'roadmap', center: o.centre, zoom: o.zoom } },
    ],
  });
  await o.prepare?.();
  const page = await env.page();
  await signIn(page, env.server, env.admin);
  await openProjectPanel(page);
  return {
    env,
    page,
    worker,
    projectId,
    folderId,
    async stop() {
      await worker.stop();
      await env.stop();
    },
  };
}
