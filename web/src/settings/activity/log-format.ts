import { parseFeatureRef, type ActivityCategory, type ActivityEntry, type ActivityType } from '@fieldbook/domain';

/** How a log entry is shown (spec 3 §2 activity logs screen, §3 activity entry). Pure, so tests read it. */

export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  Add: 'app.activity.type.add',
  Edit: 'app.activity.type.edit',
  Delete: 'app.activity.type.delete',
  Login: 'app.activity.type.login',
  Share: 'app.activity.type.share',
  Export: 'app.activity.type.export',
  Restore: 'app.activity.type.restore',
};

export const ACTIVITY_CATEGORY_LABELS: Record<ActivityCategory, string> = {
  Feature: 'app.activity.category.feature',
  Layer: 'app.activity.category.layer',
  Folder: 'app.activity.category.folder',
  Project: 'app.activity.category.project',
  Form: 'app.activity.category.form',
  'System (Dictionary)': 'app.activity.category.system',
  'Component (Dictionary)': 'app.activity.category.component',
  Dictionary: 'app.activity.category.dictionary',
  Search: 'app.activity.category.search',
  'Payment and Subscription': 'app.activity.category.payment',
  General: 'app.activity.category.general',
};

/** The message id of a type or category, or the stored text itself for one this build does not know. */
export const typeLabelId = (type: string) => ACTIVITY_TYPE_LABELS[type as ActivityType] ?? type;
export const categoryLabelId = (category: string) => ACTIVITY_CATEGORY_LABELS[category as ActivityCategory] ?? category;

/** The entry's time: date and time on wide screens, the date alone on a phone (spec 3 §2). */
export function formatLogTime(timestamp: number, locale: string, withTime: boolean, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'medium' } : {}),
    timeZone,
  }).format(new Date(timestamp));
}

/** A login entry's artifact is labelled Login; any other entry's is its details. */
export const artifactLabelId = (entry: Pick<ActivityEntry, 'Type'>) =>
  entry.Type === 'Login' ? 'app.as.logs.artifact.login' : 'app.as.logs.artifact';

/** The artifact as indented JSON, or null when the entry has none. */
export function artifactText(artifact: ActivityEntry['Artifact']): string | null {
  if (!artifact || Object.keys(artifact).length === 0) return null;
  return JSON.stringify(artifact, null, 2);
}

const FEATURE_WRITES = new Set(['Add', 'Edit', 'Delete']);

/** The "<kind>.<id>" of the feature an Add, Edit or Delete of a Feature names: those rows offer Restore. */
export function restorableFeatureId(entry: Pick<ActivityEntry, 'Type' | 'Category' | 'Artifact'>): string | null {
  if (entry.Category !== 'Feature' || !FEATURE_WRITES.has(entry.Type)) return null;
  const id = entry.Artifact?.featureId;
  return typeof id === 'string' && parseFeatureRef(id)?.kind ? id : null;
}

/**
 * The entry id of a layer or folder deletion that can be undone (its artifact holds the deleted rows,
 * restorable within the retention): those rows offer Restore of the layer with its features.
 */
export function restorableDeletionId(entry: Pick<ActivityEntry, 'Id' | 'Type' | 'Category' | 'Artifact'>) {
  if (entry.Type !== 'Delete' || (entry.Category !== 'Layer' && entry.Category !== 'Folder')) return null;
  return entry.Artifact?.snapshot ? entry.Id : null;
}

/** The layer a feature entry's artifact names, to redraw after a restore. */
export function artifactLayerId(entry: Pick<ActivityEntry, 'Artifact'>): string | null {
  const id = entry.Artifact?.layerId;
  return typeof id === 'string' ? id : null;
}

/**
 * The project column: the name the user knows the project by; null for an organization-wide entry;
 * undefined when the project is not among theirs any more (deleted, or no longer visible).
 */
export function projectNameOf(entry: Pick<ActivityEntry, 'ProjectId'>, names: Map<string, string>) {
  if (!entry.ProjectId) return null;
  return names.get(entry.ProjectId);
}

/** Every entry of the loaded pages, in order, without the duplicates a refetch between pages could bring. */
export function entriesOf(pages: Array<{ Items: ActivityEntry[] }> | undefined): ActivityEntry[] {
  const seen = new Set<string>();
  const out: ActivityEntry[] = [];
  for (const page of pages ?? []) {
    for (const entry of page.Items) {
      if (seen.has(entry.Id)) continue;
      seen.add(entry.Id);
      out.push(entry);
    }
  }
  return out;
}
