import { ACTIVITY_TEXTS, PROJECT_MSG, type LayerField } from '@fieldbook/domain';
import type { Deps } from '../deps.js';
import type { Executor } from '../db/types.js';
import { actorOfAccount, recordActivity } from '../activities/record.js';
import { bumpLayerDataVersion } from '../ogc/data-version.js';
import { layerNameTaken } from '../projects/layer-names.js';

/** A layer the import makes; `id` is the pending id its features were loaded under. */
export interface TargetLayer {
  id: string;
  name: string;
  fields: LayerField[];
  /** Features loaded into it, for its activity entry. */
  features: number;
}

/** The IMPORT job whose owner the layers' entries name (the worker has no request's caller). */
export interface ImportJobRef {
  id: string;
  organization_id: string;
  owner_id: string;
}

export interface CommitInput {
  job: ImportJobRef;
  projectId: string;
  folderId: string;
  preferredMethod: string;
  layers: TargetLayer[];
}

/**
 * Creates the import's layers in one short transaction: their features (loaded under these ids)
 * appear with them, whole, or, when a name is taken in the folder, not at all.
 */
export async function commitImport(deps: Deps, input: CommitInput): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const names = input.layers.map((l) => l.name.toLowerCase());
    if (new Set(names).size !== names.length) throw new Error(PROJECT_MSG.layerNameExists);
    for (const target of input.layers)
      if (await layerNameTaken(trx, input.folderId, target.name)) throw new Error(PROJECT_MSG.layerNameExists);
    for (const target of input.layers)
      await trx
        .insertInto('layers')
        .values({
          id: target.id,
          project_id: input.projectId,
          folder_id: input.folderId,
          name: target.name,
          description: null,
          type: 'VECTOR',
          server_name: null,
          reference_id: null,
          preferred_method: input.preferredMethod,
          mobile_preferred_method: null,
          style_id: null,
          fields: JSON.stringify(target.fields),
        })
        .execute();
    await bumpLayerDataVersion(
      trx,
      input.layers.map((l) => l.id),
    );
    await recordImported(trx, input.job, input.projectId, input.layers);
  });
}

/**
 * One entry per layer an import made (never one per feature: a million-feature import stays one insert
 * per layer), by the job's owner, in the transaction that makes the layers appear.
 */
export async function recordImported(
  trx: Executor,
  job: ImportJobRef,
  projectId: string,
  layers: Array<{ id: string; name: string; features?: number; type?: string }>,
) {
  const actor = await actorOfAccount(trx, job.owner_id, job.organization_id);
  for (const layer of layers)
    await recordActivity(trx, actor, {
      type: 'Add',
      category: 'Layer',
      message: ACTIVITY_TEXTS.layerImported,
      projectId,
      artifact: {
        layerId: layer.id,
        name: layer.name,
        jobId: job.id,
        features: layer.features,
        type: layer.type ?? 'VECTOR',
      },
    });
}
