import { z } from 'zod';

/** Per-project preferences (spec 1 §3, spec 3 §3): map view, selected layers, dictionary and search choices. */
export const projectPrefsSchema = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    mapPrefs: z.record(z.string(), z.unknown()).optional(),
    selectedLayers: z.array(z.unknown()).optional(),
    dictionaryPrefs: z.record(z.string(), z.unknown()).optional(),
    searchPrefs: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

/** The whole preferences object the web app keeps (spec 1 §3). Unknown keys are kept for later areas. */
export const preferencesSchema = z
  .object({
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
    lastFeaturePanelView: z.string().nullable().optional(),
    projectPrefs: z.array(projectPrefsSchema).optional(),
    useLocalPrefs: z.boolean().optional(),
  })
  .passthrough();
export type Preferences = z.infer<typeof preferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = preferencesSchema.parse({});
