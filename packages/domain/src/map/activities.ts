import { z } from 'zod';

/**
 * The activity log (spec 3 §3 activity entry, log query filters, action types and categories; §7
 * activities calls). Every write of every area logs one entry in the write's own transaction.
 */
export const ACTIVITY_TYPES = ['Add', 'Edit', 'Delete', 'Login', 'Share', 'Export', 'Restore'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_CATEGORIES = [
  'Feature',
  'Layer',
  'Folder',
  'Project',
  'Form',
  'System (Dictionary)',
  'Component (Dictionary)',
  'Dictionary',
  'Search',
  'Payment and Subscription',
  'General',
] as const;
export type ActivityCategory = (typeof ACTIVITY_CATEGORIES)[number];

/**
 * Fixed message texts for the entries the reports recognise by text (spec 3 §9: "layer moves, feature
 * moves, share and export are tracked by known message texts"). Other entries carry a free sentence.
 */
export const ACTIVITY_TEXTS = {
  layerImported: 'Layer imported',
  layerMoved: 'Layer moved',
  folderMoved: 'Folder moved',
  featuresMoved: 'Features moved',
  layerShared: 'Layer shared',
  layerUnshared: 'Layer share removed',
  layerExported: 'Data exported',
  logExported: 'Activity log exported',
  signedIn: 'Signed in',
  passwordChanged: 'Password changed',
  passwordReset: 'Password reset',
} as const;

/** Entries written by support users (this user type) are seen only by support users (spec 3 §6). */
export const SUPPORT_USER_TYPE = '1111';

/** Features of a deleted layer or folder are kept this long, restorable with the layer, then purged. */
export const DELETED_LAYER_RETENTION_DAYS = 90;

export const ACTIVITY_PAGE_SIZE = 50;

/** Date picker bounds of the log filters (spec 3 §9). */
export const ACTIVITY_DATE_MIN = Date.UTC(2020, 0, 1);
export const ACTIVITY_DATE_MAX = Date.UTC(2100, 0, 1);

export const ACTIVITY_MSG = {
  noData: 'app.as.logs.no-data',
  /** Neither an organization admin nor admin of any project: no log to read. */
  notAllowed: 'app.as.logs.error.not-allowed',
  badTimezone: 'app.as.logs.error.timezone',
  dateRange: 'app.as.logs.error.date-range',
  restoreSuccess: 'app.restore.success',
  restoreWarning: 'app.restore.warning',
  restoreNotDeleted: 'app.restore.error.not-deleted',
  restoreNoState: 'app.restore.error.no-state',
  restoreLayerGone: 'app.restore.error.layer-deleted',
  restoreAttachmentsExpired: 'app.restore.attachments-expired',
  /** The feature already is in the state of that time: nothing to restore (409). */
  restoreUnchanged: 'app.restore.unchanged',
  /** Layer and folder restores (POST /rest/activities/{id}/restore). */
  restoreNotRestorable: 'app.restore.error.not-restorable',
  restoreAlreadyRestored: 'app.restore.error.already-restored',
  restoreParentGone: 'app.restore.error.parent-deleted',
  restoreExpired: 'app.restore.error.expired',
  restoreRasterGone: 'app.restore.error.raster-file-gone',
  exportSuccess: 'app.as.logs.export.success',
} as const;

/** A comma-joined list in a query string (spec 3 §3: "categories (comma-joined)"). */
const commaList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .string()
    .max(4000)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).max(200));

const epochMs = z.coerce.number().int().min(0).max(ACTIVITY_DATE_MAX);

/** The log query filters of spec 3 §3, as query parameters of GET /rest/activities, /count and /export. */
export const activityFiltersSchema = z
  .object({
    orgId: z.string().optional(),
    userIds: commaList(z.string().uuid()).optional(),
    projectIds: commaList(z.string().uuid()).optional(),
    activityTypes: commaList(z.enum(ACTIVITY_TYPES)).optional(),
    categories: commaList(z.enum(ACTIVITY_CATEGORIES)).optional(),
    startTime: epochMs.optional(),
    endTime: epochMs.optional(),
    orderDirection: z.enum(['ASC', 'DESC']).default('DESC'),
    /** Page key: the last entry's Timestamp, and its Seq to break ties between entries of one instant. */
    lastTimestamp: epochMs.optional(),
    lastSeq: z.coerce.number().int().min(0).optional(),
    /** Exact message texts (comma-joined); partialMessages match anywhere in the text, case-insensitively. */
    messages: commaList(z.string().max(500)).optional(),
    partialMessages: commaList(z.string().max(500)).optional(),
    /** Left out of the page's artifacts to keep the page small. */
    notRequestBody: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    /** A JSON object the entry's artifact must contain, e.g. {"featureId":"point.12"} or {"kind":"line"}. */
    partialArtifacts: z
      .string()
      .max(2000)
      .transform((s, ctx) => {
        try {
          const v: unknown = JSON.parse(s);
          if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
        } catch {
          /* reported below */
        }
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'partialArtifacts must be a JSON object' });
        return z.NEVER;
      })
      .optional(),
    pageSize: z.coerce.number().int().min(1).max(200).default(ACTIVITY_PAGE_SIZE),
  })
  .refine((f) => f.startTime === undefined || f.endTime === undefined || f.startTime <= f.endTime, {
    message: ACTIVITY_MSG.dateRange,
    path: ['startTime'],
  });
export type ActivityFilters = z.infer<typeof activityFiltersSchema>;
export type ActivityFiltersInput = z.input<typeof activityFiltersSchema>;

export const activityUserSchema = z.object({ email: z.string().nullable(), userType: z.string().nullable() });

export const activityEntrySchema = z.object({
  Id: z.string(),
  Seq: z.number(),
  /** Epoch milliseconds. */
  Timestamp: z.number(),
  User: activityUserSchema,
  Type: z.string(),
  Category: z.string(),
  Message: z.string(),
  Artifact: z.record(z.string(), z.unknown()).nullable(),
  ProjectId: z.string().nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  Items: z.array(activityEntrySchema),
  LastEvaluatedKey: z.object({ Timestamp: z.number(), Seq: z.number() }).nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

export const activityExportSchema = z.object({
  /** Project id → name, so the CSV names projects as the user saw them (spec 3 §7). */
  projectMapping: z.record(z.string(), z.string().max(256)).default({}),
  /** IANA zone the CSV's times are written in. */
  timezone: z.string().max(64).default('UTC'),
});

export const restoreFeatureSchema = z.object({
  /** Epoch ms of the log entry to restore the feature to; omitted to undelete. */
  restoreFromTime: z.coerce.number().int().min(0).max(ACTIVITY_DATE_MAX).optional(),
});

/** GET /rest/stats/user/daily (spec 3 §3 daily user collection stat, §7). */
export const COLLECTION_FEATURE_TYPES = ['point', 'line', 'polygon'] as const;
/**
 * How rows are summed (our addition to the spec's call): per day (the spec's rows, the default); per
 * run of 7 days from fromDate's day; or per calendar month, the first clipped to fromDate's day. A row's
 * `date` is the first day of its run or month, so a year's table is months, not a row per day.
 */
export const COLLECTION_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type CollectionPeriod = (typeof COLLECTION_PERIODS)[number];
export const dailyCollectionQuerySchema = z.object({
  orgId: z.string().optional(),
  fromDate: epochMs,
  toDate: epochMs,
  featureType: z.enum(COLLECTION_FEATURE_TYPES).optional(),
  projectIds: commaList(z.string().uuid()).optional(),
  userIds: commaList(z.string().uuid()).optional(),
  /** IANA zone the days are cut in. */
  timezone: z.string().max(64).default('UTC'),
  period: z.enum(COLLECTION_PERIODS).default('daily'),
});

export const dailyCollectionRowSchema = z.object({
  date: z.string(),
  email: z.string().nullable(),
  account_id: z.string().nullable(),
  project_id: z.string().nullable(),
  meters_collected: z.number(),
  features_collected: z.number(),
  vertices_collected: z.number(),
});
export type DailyCollectionRow = z.infer<typeof dailyCollectionRowSchema>;
