import { z } from 'zod';

/** Data organization (spec 3 §7): moves of features, folders and layers, and layer sharing. */
export const MOVE_MSG = {
  featureSuccess: 'app.feature.move.success',
  featureError: 'app.feature.move.error',
  featureNone: 'app.feature.move.error.none',
  featurePermissions: 'app.feature.move.error.permissions',
  featureKind: 'app.feature.move.error.kind',
  featureDictionary: 'app.feature.move.error.dictionary',
  /** Plain edits do not move things: moves go through data organization and its rules. */
  featureUseMove: 'app.feature.move.use-data-organization',
  folderSuccess: 'app.folder.move.success',
  folderError: 'app.folder.move.error',
  folderRaster: 'app.folder.move.error.raster',
  folderUnique: 'app.folder.move.error.unique',
  folderPermissions: 'app.folder.move.error.permissions',
  folderNotFound: 'app.folder.move.error.not.found',
  folderDepth: 'app.folder.move.error.depth',
  folderUseMove: 'app.folder.move.use-data-organization',
  layerSuccess: 'app.layer.move.success',
  layerError: 'app.layer.move.error',
  layerRaster: 'app.layer.move.error.raster',
  layerUnique: 'app.layer.move.error.unique',
  layerPermissions: 'app.layer.move.error.permissions',
  layerNotFound: 'app.layer.move.error.not.found',
  layerUseMove: 'app.layer.move.use-data-organization',
  dictionaryMismatch: 'app.move.error.dictionary',
  flagOff: 'app.data-organization.disabled',
  shareSuccess: 'app.layer.share.success',
  shareRemoved: 'app.layer.share.removed',
  shareError: 'app.layer.share.error',
  shareDisabled: 'app.layer.share.disabled',
  shareSameProject: 'app.layer.share.error.same-project',
} as const;

export const MOVE_SCENARIOS = [
  'MOVE_FEATURES_TO_LAYER',
  'MOVE_FOLDER_AS_SUBFOLDER',
  'MOVE_FOLDER_TO_PROJECT',
  'MOVE_LAYER_TO_FOLDER',
] as const;

const uuid = z.string().uuid();
/**
 * The field names are the spec's. projectId is always the target project. MOVE_FOLDER_TO_PROJECT moves
 * folderId to the target's top level; MOVE_FOLDER_AS_SUBFOLDER moves subFolderId under the top-level
 * folder folderId. importedLayerIds is accepted and ignored: a folder moves with all its layers.
 */
export const dataOrganizationSchema = z.discriminatedUnion('scenario', [
  z.object({
    scenario: z.literal('MOVE_FEATURES_TO_LAYER'),
    /** Sent for ticket and form layers (spec 3 §7); otherwise the layer of the selected features. */
    projectId: uuid,
    folderId: uuid,
    layerId: uuid,
    sourceLayerId: uuid.optional(),
    ogc_fid: z.array(z.union([z.string().regex(/^(?:[a-z_]+\.)?\d+$/), z.number().int().positive()])).max(10_000),
  }),
  z.object({
    scenario: z.literal('MOVE_FOLDER_AS_SUBFOLDER'),
    projectId: uuid,
    folderId: uuid,
    subFolderId: uuid,
    importedLayerIds: z.array(uuid).optional(),
  }),
  z.object({
    scenario: z.literal('MOVE_FOLDER_TO_PROJECT'),
    projectId: uuid,
    folderId: uuid,
    importedLayerIds: z.array(uuid).optional(),
  }),
  z.object({ scenario: z.literal('MOVE_LAYER_TO_FOLDER'), projectId: uuid, folderId: uuid, layerId: uuid }),
]);
export type DataOrganizationInput = z.infer<typeof dataOrganizationSchema>;

/** Where things went: the client refreshes these layers and refetches these projects (spec 3 §4). */
export const dataOrganizationOut = z.object({
  scenario: z.enum(MOVE_SCENARIOS),
  movedLayerIds: z.array(z.string()),
  movedFeatures: z.number().int(),
  projectIds: z.array(z.string()),
});
export type DataOrganizationResult = z.infer<typeof dataOrganizationOut>;
