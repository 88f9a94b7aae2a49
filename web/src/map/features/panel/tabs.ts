import type { ComponentType } from 'react';
import { isTicketFeatureId, oneCallFlags } from '@fieldbook/domain';
import type { FeatureOut } from '../../../api/features';
import { AttachmentsTab } from '../attachments/AttachmentsTab';
import { FormsTab } from '../forms/FormsTab';
import { OneCallTab } from '../onecall/OneCallTab';
import { ActivityTab } from './ActivityTab';
import { InfoTab } from './InfoTab';

/**
 * The feature panel's tabs (spec 3 §2), driven by data so FORMS, ATTACHMENTS, ACTIVITY and ONECALL_811
 * are added as entries here. `visible` decides per feature (e.g. FORMS is hidden for form features).
 */
export interface FeatureTab {
  id: string;
  labelId: string;
  /** `org`: the organization's functionality flags, for tabs an organization may switch off. */
  visible: (feature: FeatureOut, org: { functionalityFlags: unknown }) => boolean;
  Component: ComponentType<{ feature: FeatureOut }>;
}

export const FEATURE_TABS: FeatureTab[] = [
  { id: 'INFO', labelId: 'app.feature.tab.info', visible: () => true, Component: InfoTab },
  // Form features have no FORMS tab (spec 3 §2).
  {
    id: 'FORMS',
    labelId: 'app.feature.tab.forms',
    visible: (feature) => !feature.id.startsWith('htmlform_feature.'),
    Component: FormsTab,
  },
  { id: 'ATTACHMENTS', labelId: 'app.feature.tab.attachments', visible: () => true, Component: AttachmentsTab },
  { id: 'ACTIVITY', labelId: 'app.feature.tab.activity', visible: () => true, Component: ActivityTab },
  {
    id: 'ONECALL_811',
    labelId: 'app.feature.tab.onecall',
    visible: (feature, org) => isTicketFeatureId(feature.id) && oneCallFlags(org.functionalityFlags).positiveResponse,
    Component: OneCallTab,
  },
];

/** The saved tab (prefs.lastFeaturePanelView) when it suits the feature, else INFO. */
export function tabFor(
  feature: FeatureOut,
  saved: string | null | undefined,
  org: { functionalityFlags: unknown },
): FeatureTab {
  return FEATURE_TABS.find((t) => t.id === saved && t.visible(feature, org)) ?? FEATURE_TABS[0];
}
