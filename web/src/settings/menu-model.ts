import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import type { SettingsAccess } from './access';

/*
 * The shapes of the settings menu and the rules of what a user sees. They sit below menu.tsx (the menu
 * data, which imports every page) so that pages and page lists can name them without importing the menu.
 */

/** One screen of the settings area: its route, menu entry and (optionally) home-page card. */
export interface SettingsPage {
  id: string;
  /** Route under /settings/ (also the menu link). */
  path: string;
  labelId: string;
  /** Card text on /settings/home; pages without it get no card. */
  descriptionId?: string;
  icon: SvgIconComponent;
  Component: ComponentType;
  /** Who may see the entry; a user without it who opens the route goes to /index.html. */
  visible?: (access: SettingsAccess) => boolean;
  /** Routed but listed neither in the drawer nor on the home page (e.g. an editor opened from a list). */
  hidden?: boolean;
}

export interface SettingsGroup {
  id: string;
  labelId: string;
  pages: SettingsPage[];
  visible?: (access: SettingsAccess) => boolean;
}

/** Menu entries that do something instead of opening a page (spec 1 §2.3 side menu). */
export interface SettingsAction {
  id: 'getting-started' | 'training' | 'feedback';
  labelId: string;
  icon: SvgIconComponent;
  visible?: (access: SettingsAccess) => boolean;
}

export const isGroupVisible = (group: SettingsGroup, access: SettingsAccess) => group.visible?.(access) ?? true;
export const isPageVisible = (page: SettingsPage, access: SettingsAccess) => page.visible?.(access) ?? true;

/** The groups and pages of `menu` this user sees, in menu order (groups left empty are dropped). */
export function visibleGroups(menu: SettingsGroup[], access: SettingsAccess): SettingsGroup[] {
  return menu
    .filter((g) => isGroupVisible(g, access))
    .map((g) => ({ ...g, pages: g.pages.filter((p) => !p.hidden && isPageVisible(p, access)) }))
    .filter((g) => g.pages.length > 0);
}
