import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import type { SettingsAccess } from './access';
import { PersonalInfoPage } from './PersonalInfoPage';
import { SettingsHome } from './SettingsHome';
import { UserPrefsPage } from './UserPrefsPage';

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
}

export interface SettingsGroup {
  id: string;
  labelId: string;
  pages: SettingsPage[];
  visible?: (access: SettingsAccess) => boolean;
}

/**
 * The settings side menu as data (spec 1 §2.3). Routes, the drawer and the home cards are all
 * built from it, so a new area adds its group or page here and nowhere else.
 */
export const SETTINGS_MENU: SettingsGroup[] = [
  {
    id: 'personal',
    labelId: 'app.settings.group.personal',
    pages: [
      { id: 'home', path: 'home', labelId: 'app.settings.home', icon: HomeOutlinedIcon, Component: SettingsHome },
      {
        id: 'personal-info',
        path: 'personal-info',
        labelId: 'app.settings.personal-info',
        descriptionId: 'app.settings.personal-info.description',
        icon: PersonOutlineIcon,
        Component: PersonalInfoPage,
      },
      {
        id: 'user-prefs',
        path: 'user-prefs',
        labelId: 'app.settings.user-prefs',
        descriptionId: 'app.settings.user-prefs.description',
        icon: TuneIcon,
        Component: UserPrefsPage,
      },
    ],
  },
];

export const isGroupVisible = (group: SettingsGroup, access: SettingsAccess) => group.visible?.(access) ?? true;
export const isPageVisible = (page: SettingsPage, access: SettingsAccess) => page.visible?.(access) ?? true;

/** Groups and pages this user sees, in menu order. */
export function visibleMenu(access: SettingsAccess): SettingsGroup[] {
  return SETTINGS_MENU.filter((g) => isGroupVisible(g, access))
    .map((g) => ({ ...g, pages: g.pages.filter((p) => isPageVisible(p, access)) }))
    .filter((g) => g.pages.length > 0);
}
