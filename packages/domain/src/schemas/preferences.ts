import { z } from 'zod';
import { featureAttributeSchema } from '../map/features.js';

/** Map types and themes of the map preferences card, and the providers (spec 3 §2). */
export const MAP_TYPES = ['satellite', 'hybrid', 'terrain', 'roadmap', 'grid'] as const;
export const MAP_THEMES = ['none', 'dark', 'mono'] as const;
/** MAP_OFFLINE shows only the basemap shipped with the product (no tile requests at all). */
export const MAP_PROVIDERS = ['MAP_OSM', 'MAP_BING', 'MAP_GOOGLE', 'MAP_OFFLINE'] as const;
/** Feature panel tabs (spec 3 §2); the last one chosen is remembered. */
export const FEATURE_PANEL_VIEWS = ['INFO', 'FORMS', 'ATTACHMENTS', 'ACTIVITY', 'ONECALL_811'] as const;
/** Tiles exist from zoom 0 to 26 (spec 3 §9). */
export const MAP_ZOOM_RANGE = { min: 0, max: 26 } as const;

const zoomLevel = z.number().min(MAP_ZOOM_RANGE.min).max(MAP_ZOOM_RANGE.max);
const latLng = z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
const stylePrefs = z.object({ type: z.enum(MAP_TYPES).optional(), theme: z.enum(MAP_THEMES).optional() });

/** A project's remembered map view: type and theme, centre and zoom (saved on map idle, spec 3 §7). */
export const mapPrefsSchema = stylePrefs.extend({ center: latLng.optional(), zoom: zoomLevel.optional() });

/** The dictionary choices of the new-feature dialog, remembered per project (spec 3 §3). */
export const dictionaryPrefsSchema = z.object({
  dictionaryId: z.string().optional(),
  lastSystemId: z.string().optional(),
  lastComponentId: z.string().optional(),
  lastAttributes: z.array(featureAttributeSchema).optional(),
  designatorNumber: z.number().int().min(0).optional(),
  lineNumber: z.number().int().min(0).optional(),
});

/** Saved search of one layer (spec 3 §3): columns shown, filters applied, sort. */
const layerSearchPrefs = z.object({
  headers: z.array(z.unknown()).optional(),
  appliedFilters: z.array(z.unknown()).optional(),
  sortPrefs: z.unknown().optional(),
});

/** Per-project preferences (spec 3 §3): map view, layers switched on, dictionary and search choices. */
export const projectPrefsSchema = z.object({
  id: z.string(),
  name: z.string().optional(),
  mapPrefs: mapPrefsSchema.optional(),
  // Layer ids; entries with an id are read too (web/src/map/layers/selected-layers.ts).
  selectedLayers: z.array(z.union([z.string(), z.object({ id: z.string() })])).optional(),
  dictionaryPrefs: dictionaryPrefsSchema.optional(),
  searchPrefs: z.record(z.string(), layerSearchPrefs).optional(),
});

/**
 * The whole preferences object the web app keeps (spec 1 §3, spec 3 §3). Every key the web app saves
 * is typed, so a malformed value is refused rather than stored; keys nobody reads are dropped.
 */
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark']).default('light'),
  showMapUIControls: z.boolean().default(true),
  showMetricUnits: z.boolean().default(false),
  projectPanelTemporary: z.boolean().default(false),
  lastProject: z.string().nullable().optional(),
  lastOrg: z.string().nullable().optional(),
  expansionList: z.array(z.string()).optional(),
  lastUpdate: z.number().optional(),
  skipGettingStartedGuide: z.boolean().optional(),
  skipPlusQuickStartGuide: z.boolean().optional(),
  // A string to the web app (its tabs are data); only the spec's tab ids are stored.
  lastFeaturePanelView: z
    .string()
    .refine((v) => (FEATURE_PANEL_VIEWS as readonly string[]).includes(v))
    .nullable()
    .optional(),
  projectPrefs: z.array(projectPrefsSchema).optional(),
  useLocalPrefs: z.boolean().optional(),
  // The map view with no project selected (spec 3 §3); per project it is projectPrefs[].mapPrefs.
  mapCenter: latLng.optional(),
  zoomLevel: zoomLevel.optional(),
  stylePrefs: stylePrefs.optional(),
  provider: z.enum(MAP_PROVIDERS).optional(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});
