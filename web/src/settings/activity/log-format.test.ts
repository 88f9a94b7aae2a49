import { describe, expect, it } from 'vitest';
import { ACTIVITY_CATEGORIES, ACTIVITY_TYPES, type ActivityEntry } from '@fieldbook/domain';
import en from '../../i18n/activity/en.json';
import {
  ACTIVITY_CATEGORY_LABELS,
  ACTIVITY_TYPE_LABELS,
  artifactLabelId,
  artifactLayerId,
  artifactText,
  categoryLabelId,
  entriesOf,
  formatLogTime,
  projectNameOf,
  restorableDeletionId,
  restorableFeatureId,
  typeLabelId,
} from './log-format';

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  Id: 'e1',
  Seq: 1,
  Timestamp: Date.UTC(2024, 2, 5, 14, 7, 9),
  User: { email: 'ann@example.test', userType: '4' },
  Type: 'Delete',
  Category: 'Feature',
  Message: "Feature 'point.12' deleted",
  Artifact: { featureId: 'point.12', layerId: 'L1', kind: 'point' },
  ProjectId: 'P1',
  ...over,
});

describe('row labels', () => {
  it('names every action type and category in the catalogue', () => {
    for (const type of ACTIVITY_TYPES) expect(en).toHaveProperty(ACTIVITY_TYPE_LABELS[type]);
    for (const category of ACTIVITY_CATEGORIES) expect(en).toHaveProperty(ACTIVITY_CATEGORY_LABELS[category]);
    expect(typeLabelId('Add')).toBe('app.activity.type.add');
    expect(categoryLabelId('System (Dictionary)')).toBe('app.activity.category.system');
  });

  it('shows a type or category this build does not know as stored', () => {
    expect(typeLabelId('Archive')).toBe('Archive');
    expect(categoryLabelId('Billing')).toBe('Billing');
  });
});

describe('formatLogTime', () => {
  const ts = Date.UTC(2024, 2, 5, 14, 7, 9);
  it('gives date and time on wide screens and the date alone on a phone', () => {
    expect(formatLogTime(ts, 'en-US', true, 'UTC')).toBe('Mar 5, 2024, 2:07:09 PM');
    expect(formatLogTime(ts, 'en-US', false, 'UTC')).toBe('Mar 5, 2024');
  });
  it('follows the language and the zone', () => {
    expect(formatLogTime(ts, 'es', false, 'UTC')).toBe('5 mar 2024');
    expect(formatLogTime(ts, 'en-US', false, 'Pacific/Kiritimati')).toBe('Mar 6, 2024');
  });
});

describe('artifact', () => {
  it('is indented JSON, labelled Login for a login entry', () => {
    expect(artifactText({ featureId: 'point.12', metadata: { File_List: [] } })).toBe(
      '{\n  "featureId": "point.12",\n  "metadata": {\n    "File_List": []\n  }\n}',
    );
    expect(artifactLabelId(entry({ Type: 'Login' }))).toBe('app.as.logs.artifact.login');
    expect(artifactLabelId(entry({ Type: 'Edit' }))).toBe('app.as.logs.artifact');
  });
  it('is left out when the entry has none', () => {
    expect(artifactText(null)).toBeNull();
    expect(artifactText({})).toBeNull();
  });
  it('names the layer to redraw', () => {
    expect(artifactLayerId(entry({}))).toBe('L1');
    expect(artifactLayerId(entry({ Artifact: null }))).toBeNull();
  });
});

describe('restorableFeatureId', () => {
  it('is the feature of an Add, Edit or Delete of a Feature', () => {
    for (const Type of ['Add', 'Edit', 'Delete']) expect(restorableFeatureId(entry({ Type }))).toBe('point.12');
  });
  it('is null for other entries and for an artifact without a feature id', () => {
    expect(restorableFeatureId(entry({ Type: 'Restore' }))).toBeNull();
    expect(restorableFeatureId(entry({ Category: 'Layer' }))).toBeNull();
    expect(restorableFeatureId(entry({ Artifact: null }))).toBeNull();
    expect(restorableFeatureId(entry({ Artifact: { featureId: 'drop table' } }))).toBeNull();
    expect(restorableFeatureId(entry({ Artifact: { featureId: 12 } }))).toBeNull();
  });
});

describe('restorableDeletionId', () => {
  const deletion = (over: Partial<ActivityEntry>) =>
    entry({ Category: 'Layer', Message: "Layer 'Poles' deleted", Artifact: { layerId: 'L1', snapshot: {} }, ...over });
  it('is the entry of a layer or folder deletion that kept the deleted rows', () => {
    expect(restorableDeletionId(deletion({}))).toBe('e1');
    expect(restorableDeletionId(deletion({ Category: 'Folder' }))).toBe('e1');
  });
  it('is null for a deletion without its rows, other actions and other categories', () => {
    expect(restorableDeletionId(deletion({ Artifact: { layerId: 'L1' } }))).toBeNull();
    expect(restorableDeletionId(deletion({ Type: 'Add' }))).toBeNull();
    expect(restorableDeletionId(deletion({ Category: 'Project' }))).toBeNull();
    expect(restorableDeletionId(entry({}))).toBeNull();
  });
});

describe('project column', () => {
  const names = new Map([['P1', 'Downtown']]);
  it('is the name, null for an organization-wide entry, undefined for a project not known', () => {
    expect(projectNameOf(entry({}), names)).toBe('Downtown');
    expect(projectNameOf(entry({ ProjectId: null }), names)).toBeNull();
    expect(projectNameOf(entry({ ProjectId: 'P9' }), names)).toBeUndefined();
  });
});

describe('entriesOf', () => {
  it('joins the pages in order without repeating an entry', () => {
    const a = entry({ Id: 'a' });
    const b = entry({ Id: 'b' });
    const c = entry({ Id: 'c' });
    expect(entriesOf([{ Items: [a, b] }, { Items: [b, c] }]).map((e) => e.Id)).toEqual(['a', 'b', 'c']);
    expect(entriesOf(undefined)).toEqual([]);
  });
});
