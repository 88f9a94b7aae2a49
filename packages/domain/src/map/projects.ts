import { z } from 'zod';
import { FIELD_TYPES, layerFieldsInputSchema, layerFieldsSchema } from './fields.js';

/** Limits and message ids of spec 3 §5 for projects, folders and layers. */
export const PROJECT_LIMITS = {
  projectNameMax: 128,
  projectDescriptionMax: 128,
  folderNameMax: 128,
  folderDescriptionMax: 256,
  layerNameMax: 128,
  folderLevels: 2,
  treeCollapseAfterFolders: 5,
} as const;

export const PROJECT_MSG = {
  nameRequired: 'app.project.error.name.required',
  nameTooLong: 'app.project.error.name.too-long',
  nameExists: 'app.project.error.name.exist',
  descriptionTooLong: 'app.project.error.description.too-long',
  dictionaryRequired: 'app.project.error.dictionary.required',
  organizationChange: 'app.project.error.organization',
  siteNotFound: 'app.site.not-found',
  geoidUnknown: 'app.project.error.geoid',
  geoidDisabled: 'app.project.geoid.disabled',
  folderNameRequired: 'app.folder.error.name.required',
  folderNameExists: 'app.folder.error.name.exist',
  folderTooDeep: 'app.folder.error.levels',
  folderNotDeletable: 'app.folder.error.not-deletable',
  folderConfirmDelete: 'app.folder.error.confirm-delete',
  folderDescriptionTooLong: 'app.folder.error.description.too-long',
  /** Folder delete refused because a layer in its tree may not be deleted (spec 3 §6 layer-delete rules). */
  folderHoldsSharedLayer: 'app.folder.error.shared-layer',
  folderHoldsReferencedLayer: 'app.folder.error.referenced-layer',
  folderHoldsReadOnlyLayer: 'app.folder.error.read-only-layer',
  layerNameRequired: 'app.name.non-empty',
  layerNameExists: 'app.layer.exists.error',
  layerNotDeletable: 'app.layer.error.not-deletable',
  layerReadOnly: 'app.layer.error.read-only',
} as const;

/** Folder types (spec 3 §3): 0 normal/data, 1 and 2 special (2 forms), 3 and 4 external services, 'features'. */
export const FOLDER_TYPES = {
  normal: '0',
  special: '1',
  forms: '2',
  wms: '3',
  wmts: '4',
  features: 'features',
} as const;
export const LAYER_TYPES = ['RASTER', 'VECTOR', 'WMS', 'WMS-TILE'] as const;
export const LAYER_METHODS = ['WFS', 'WMS', 'WMS-TILE', 'KML'] as const;

/** Normal, feature and external-service folders can be deleted; special ones (forms) cannot. */
export const isDeletableFolderType = (t: string) => ['0', '3', '4', 'features'].includes(t);

/** Server names of the drawing layers a feature folder holds (spec 3 §3). */
export const FEATURE_LAYER_SERVER_NAMES = ['point', 'line', 'polygon'] as const;

/**
 * A feature folder (spec 3 §3, §4): 'features' from the feature-folder option, or a type-0 folder
 * whose tree holds drawing layers. Deleting one needs the word 'delete' typed.
 */
export function isFeatureFolder(folderType: string | null, layerServerNames: Array<string | null>): boolean {
  if (folderType === FOLDER_TYPES.features) return true;
  return (
    (folderType ?? FOLDER_TYPES.normal) === FOLDER_TYPES.normal &&
    layerServerNames.some((n) => (FEATURE_LAYER_SERVER_NAMES as readonly string[]).includes(n ?? ''))
  );
}

/** Data methods rendered by the map server: offered only with the organization's geoserver flag (spec 3 §6). */
export const needsGeoserver = (method: string | null | undefined) => method === 'WMS' || method === 'WMS-TILE';

export const projectNameField = z
  .string({ message: PROJECT_MSG.nameRequired })
  .trim()
  .min(1, { message: PROJECT_MSG.nameRequired })
  .max(PROJECT_LIMITS.projectNameMax, { message: PROJECT_MSG.nameTooLong });
const projectDescriptionField = z
  .string()
  .trim()
  .max(PROJECT_LIMITS.projectDescriptionMax, { message: PROJECT_MSG.descriptionTooLong })
  .nullable()
  .optional();

export const createProjectSchema = z.object({
  name: projectNameField,
  description: projectDescriptionField,
  dataDictionaryId: z
    .string({ message: PROJECT_MSG.dictionaryRequired })
    .uuid({ message: PROJECT_MSG.dictionaryRequired }),
  organizationId: z.string().uuid().optional(),
});

export const updateProjectSchema = z.object({
  id: z.string().uuid(),
  organizationId: z.string().uuid().optional(),
  name: projectNameField,
  description: projectDescriptionField,
  dataDictionaryId: z.string().uuid({ message: PROJECT_MSG.dictionaryRequired }),
  /** JSON text of {lat, lng}; written only when save-map-extent is ticked. */
  coordinate: z.string().max(200).nullable().optional(),
  zoomLevel: z.number().int().min(0).max(24).nullable().optional(),
  proj: z.object({ id: z.string().uuid() }).nullable().optional(),
  geoidId: z.string().max(32).nullable().optional(),
});

const folderNameField = z
  .string({ message: PROJECT_MSG.folderNameRequired })
  .trim()
  .min(1, { message: PROJECT_MSG.folderNameRequired })
  .max(PROJECT_LIMITS.folderNameMax, { message: PROJECT_MSG.folderNameRequired });
const folderDescriptionField = z
  .string()
  .trim()
  .max(PROJECT_LIMITS.folderDescriptionMax, { message: PROJECT_MSG.folderDescriptionTooLong })
  .nullable()
  .optional();

export const createFolderSchema = z.object({
  name: folderNameField,
  description: folderDescriptionField,
  projectId: z.string().uuid().optional(),
  parentId: z.string().uuid().nullable().optional(),
  folderType: z.enum(['0', 'features']).optional(),
});

export const updateFolderSchema = z.object({
  id: z.string().uuid(),
  projectId: z.string().uuid().optional(),
  name: folderNameField,
  description: folderDescriptionField,
  parentId: z.string().uuid().nullable().optional(),
  leadersEnabled: z.boolean().optional(),
});

export const layerNameField = z
  .string({ message: PROJECT_MSG.layerNameRequired })
  .trim()
  .min(1, { message: PROJECT_MSG.layerNameRequired })
  .max(PROJECT_LIMITS.layerNameMax, { message: PROJECT_MSG.layerNameRequired });

export const createLayerSchema = z.object({
  name: layerNameField,
  description: z.string().trim().max(256).nullable().optional(),
  type: z.enum(LAYER_TYPES).default('VECTOR'),
  preferredMethod: z.enum(LAYER_METHODS).default('WFS'),
  /** The layer's typed fields (map/fields.ts). */
  fields: layerFieldsSchema.optional(),
});

export const updateLayerSchema = z.object({
  id: z.string().uuid(),
  name: layerNameField,
  description: z.string().trim().max(256).nullable().optional(),
  folder: z.object({ id: z.string().uuid() }).optional(),
  preferredMethod: z.enum(LAYER_METHODS).optional(),
  mobilePreferredMethod: z.enum(LAYER_METHODS).nullable().optional(),
  readOnly: z.boolean().optional(),
  styles: z
    .array(z.object({ id: z.string().uuid() }))
    .max(1)
    .optional(),
  /** The whole new field list; absent keeps the fields. Renames and removals: layerFieldsInputSchema. */
  fields: layerFieldsInputSchema.optional(),
});

export const layerOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.string(),
  serverName: z.string().nullable(),
  referenceId: z.string().nullable(),
  folderId: z.string(),
  projectId: z.string(),
  isActive: z.boolean(),
  readOnly: z.boolean(),
  preferredMethod: z.string(),
  mobilePreferredMethod: z.string().nullable(),
  wfsStrategy: z.string(),
  styles: z.array(z.object({ id: z.string() })),
  zIndex: z.number().int(),
  /** The layer's typed fields in their order (as stored: checked when written). */
  fields: z.array(z.object({ name: z.string(), type: z.enum(FIELD_TYPES), order: z.number().int() })),
  /** Folders (of other projects) this layer is shared into; a shared layer cannot be deleted (spec 3 §6). */
  sharedFolders: z.array(z.string()).optional(),
  /** A raster layer's extent in EPSG:4326 (spec 3 §3 "extent or extentBounds"). */
  extent: z.object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() }).optional(),
  /** The caller's rights on this layer, in the project tree: edit it; administer it (delete, its fields). */
  abilities: z.object({ edit: z.boolean(), admin: z.boolean() }).optional(),
});
/** A layer shared into a folder: read-only there; sharedProjectId/sharedFolderId name where it is shown. */
export const sharedLayerOut = layerOut.extend({
  shared: z.literal(true),
  sharedProjectId: z.string(),
  sharedFolderId: z.string(),
});
export type SharedLayerOut = z.infer<typeof sharedLayerOut>;
const folderFields = {
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  parentId: z.string().nullable(),
  projectId: z.string(),
  folderType: z.string(),
  leadersEnabled: z.boolean(),
  level: z.number().int(),
  layers: z.array(layerOut),
  sharedLayers: z.array(sharedLayerOut).optional(),
};
/** Only two levels exist, so the schema spells both out (no recursion in the API description). */
export const subFolderOut = z.object({ ...folderFields, folders: z.array(z.never()) });
export const folderOut = z.object({ ...folderFields, folders: z.array(subFolderOut) });
export type FolderOut = z.infer<typeof folderOut>;
export const projectOut = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  dataDictionaryId: z.string(),
  organizationId: z.string(),
  ownerId: z.string().nullable(),
  createdDate: z.string(),
  proj: z.object({ id: z.string(), name: z.string(), wkt: z.string(), proj: z.string().nullable() }).nullable(),
  geoidId: z.string().nullable(),
  coordinate: z.string().nullable(),
  zoomLevel: z.number().int().nullable(),
  folders: z.array(folderOut),
  abilities: z.object({ edit: z.boolean(), admin: z.boolean(), createFolder: z.boolean() }),
});
export type ProjectOut = z.infer<typeof projectOut>;
