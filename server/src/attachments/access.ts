import { FEATURE_MSG, MSG, isUuid, type AssetRef } from '@fieldbook/domain';
import type { Executor } from '../db/types.js';
import type { Caller } from '../http/context.js';
import { AppError, forbidden, notFound } from '../http/errors.js';
import { layerContext, load, parseFeatureId } from '../features/service.js';
import { canEditFeature } from '../projects/access.js';
import { attachmentRow } from './store.js';
import type { AttachmentRow } from './file-list.js';

/**
 * Who may do what with a feature's attachments (spec 3 §6): whoever may view the feature reads them;
 * adding, changing the note or annotations of and deleting one needs edit-feature rights on a writable
 * layer (data collectors have them where their mask allows edit). Everything is of the caller's
 * organization: another organization's ids answer 404.
 */
export interface FeatureAccess {
  feature: Awaited<ReturnType<typeof load>>;
  /** "kind.id", as the API names features. */
  ref: string;
  layerReadOnly: boolean;
  canEdit: boolean;
}

export async function featureAccess(db: Executor, caller: Caller, featureId: string, kind?: string) {
  const feature = await load(db, caller, featureId, kind || undefined);
  const { layer, chain } = await layerContext(db, caller, feature.layer_id);
  const featureChain: AssetRef[] = [{ type: 'feature', id: String(feature.id) }, ...chain];
  return {
    feature,
    ref: `${feature.kind}.${feature.id}`,
    layerReadOnly: layer.read_only,
    canEdit: canEditFeature(caller, featureChain),
  } satisfies FeatureAccess;
}

/** The feature an id of the API names ("kind.id" or a number). */
export function featureAccessByRef(db: Executor, caller: Caller, featureRef: string) {
  const ref = parseFeatureId(featureRef);
  return featureAccess(db, caller, ref.id, ref.kind);
}

/** Refuses a change to the feature's attachments: the caller cannot edit the feature, or its layer is read-only. */
export function assertCanChange(access: FeatureAccess) {
  if (!access.canEdit) throw forbidden();
  if (access.layerReadOnly) throw forbidden(FEATURE_MSG.layerReadOnly);
}

/** A live attachment of a feature the caller may view; 404 with `missing` otherwise (whoever's it is). */
export async function attachmentAccess(
  db: Executor,
  caller: Caller,
  fileId: string,
  missing: string = MSG.notFound,
): Promise<FeatureAccess & { row: AttachmentRow }> {
  const row = isUuid(fileId) ? await attachmentRow(db, caller.organizationId, fileId) : undefined;
  if (!row) throw notFound(missing);
  try {
    return { ...(await featureAccess(db, caller, row.feature_id)), row };
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 404) throw notFound(missing);
    throw err;
  }
}
