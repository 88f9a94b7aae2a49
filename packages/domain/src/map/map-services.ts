import { z } from 'zod';
import { FOLDER_TYPES, LAYER_METHODS, createLayerSchema } from './projects.js';

/** Message ids of the map-service calls of spec 3 §7 (layer style, special-folder layers, WFS-T). */
export const MAP_SERVICE_MSG = {
  styleDictionary: 'app.layer.style.error.dictionary',
  styleComponentType: 'app.layer.style.error.component-type',
  folderTypeUnsupported: 'app.layer.error.folder-type',
  formNotFound: 'app.forms.retrieval.error',
  transactionFeatureLayer: 'app.feature.error.other-layer',
} as const;

/**
 * Margin of a GetLegendGraphic image around its swatches (pixels). Shared so the project tree can show
 * the first swatch of a layer's legend as the layer's symbol.
 */
export const LEGEND_PAD = 4;

/**
 * The offline basemap's vector tiles (issue #12): water and places, made from zoom `minZoom` (farther
 * out the atlas's countries and states say enough) to `maxZoom`; closer zooms draw from those tiles.
 * The water is generalised for 1:10 million (shores within about a kilometre, small lakes and river
 * stretches as a few vertices), so lakes are drawn only up to `waterMaxZoom` and rivers, whose pieces
 * turn into triangles sooner, up to `riverMaxZoom`: closer in their shapes would mislead.
 */
export const OFFLINE_BASEMAP = {
  minZoom: 6,
  maxZoom: 14,
  waterMaxZoom: 12,
  riverMaxZoom: 10,
  tiles: '/basemap/tiles/{z}/{x}/{y}.mvt',
} as const;

/** PUT /rest/styles/geo/layer/{layerId}/style: draw a layer with a system's colour or a component's styling. */
export const layerStyleSchema = z.object({
  dictionaryId: z.string().uuid(),
  systemId: z.string().uuid(),
  /** Absent or null: the system colour alone. */
  componentId: z.string().uuid().nullable().optional(),
});

/** Field names as the original service answered them (a row of its layer-style table). */
export const layerStyleOut = z.object({
  layer_id: z.string(),
  dictionary_id: z.string().nullable(),
  system_id: z.string().nullable(),
  component_id: z.string().nullable(),
  /** The layer's geometry type as PostGIS names it (ST_Point, ST_MultiLineString, …); null when unknown. */
  st_geometrytype: z.string().nullable(),
});
export type LayerStyleOut = z.infer<typeof layerStyleOut>;

/**
 * Folder types a layer is created in by reference (POST /rest/projects/{p}/foldertype/{type}/layers/{refId}):
 * 1 the special (one-call tickets) folder, 2 the forms folder (spec 3 §3). Normal, feature and
 * external-service folders get their layers through their own calls.
 */
export const LAYER_BY_REFERENCE_FOLDER_TYPES = [FOLDER_TYPES.special, FOLDER_TYPES.forms] as const;

export const layerByReferenceSchema = createLayerSchema.pick({ name: true, description: true }).extend({
  preferredMethod: z.enum(LAYER_METHODS).default('WMS'),
});

/** Ids of what the caller may view (GET /rest/projects/viewableArtifactIds). */
export const viewableArtifactIdsOut = z.object({
  projectIds: z.array(z.string()),
  folderIds: z.array(z.string()),
  layerIds: z.array(z.string()),
});

/** GET /rest/projects/profile/check/it. */
export const profileCheckOut = z.object({
  ok: z.literal(true),
  accountId: z.string(),
  email: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  userType: z.string(),
});

/** POST /rest/features/tx/{layerId}: a WFS-T 2.0 Transaction document. */
export const wfsTransactionSchema = z.object({
  xml: z
    .string()
    .min(1)
    .max(10 * 1024 * 1024),
});
