import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import HistoryIcon from '@mui/icons-material/History';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import NotificationsOutlinedIcon from '@mui/icons-material/NotificationsOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlined';
import RocketLaunchOutlinedIcon from '@mui/icons-material/RocketLaunchOutlined';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import TuneIcon from '@mui/icons-material/Tune';
import WorkspacesOutlinedIcon from '@mui/icons-material/WorkspacesOutlined';
import { seesGettingStarted } from '../app/GettingStartedDialog';
import type { SettingsAccess } from './access';
import { ActivityLogsPage } from './activity/ActivityLogsPage';
import { seesActivityLog } from './activity/activity-access';
import { visibleGroups, type SettingsAction, type SettingsGroup } from './menu-model';
import { DATA_PAGES, dataGroupVisible } from './data/menu';
import { ManageMembersPage } from './members/ManageMembersPage';
import { NotificationsPage } from './NotificationsPage';
import { ManageOrganizationPage } from './organization/ManageOrganizationPage';
import { UsersAndOrganizationPage } from './organization/UsersAndOrganizationPage';
import { PersonalInfoPage } from './PersonalInfoPage';
import { SettingsHome } from './SettingsHome';
import { UserPrefsPage } from './UserPrefsPage';

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
      {
        id: 'user-notifications',
        path: 'user-notifications',
        labelId: 'app.settings.user-notifications',
        descriptionId: 'app.settings.user-notifications.description',
        icon: NotificationsOutlinedIcon,
        Component: NotificationsPage,
        visible: (a) => !a.isPlus,
      },
    ],
  },
  {
    // Viewer-level organization access, or an editor who administers a project; never data collectors (spec 1 §2.3).
    id: 'organization',
    labelId: 'app.settings.group.organization',
    visible: (a) => a.canSeeUsers && !a.isDataCollector,
    pages: [
      {
        id: 'users-and-organization',
        path: 'users-and-organization',
        labelId: 'app.settings.users-and-organization',
        descriptionId: 'app.settings.users-and-organization.description',
        icon: WorkspacesOutlinedIcon,
        Component: UsersAndOrganizationPage,
      },
      {
        id: 'manage-members',
        path: 'users-and-organization/manage-members',
        labelId: 'app.settings.manage-members',
        descriptionId: 'app.settings.manage-members.description',
        icon: GroupOutlinedIcon,
        Component: ManageMembersPage,
      },
      {
        id: 'manage-organization',
        path: 'users-and-organization/manage-organization',
        labelId: 'app.settings.manage-organization',
        descriptionId: 'app.settings.manage-organization.description',
        icon: BusinessOutlinedIcon,
        Component: ManageOrganizationPage,
        visible: (a) => a.isOrgViewer && a.isDefaultOrg,
      },
      {
        // Organization admins and project admins; not plus organizations (spec 1 §2.3, spec 3 §6).
        id: 'activity-logs',
        path: 'users-and-organization/activity-logs',
        labelId: 'app.settings.activity-logs',
        descriptionId: 'app.settings.activity-logs.description',
        icon: HistoryIcon,
        Component: ActivityLogsPage,
        visible: seesActivityLog,
      },
    ],
  },
  {
    // Data management (spec 2 §2): never data collectors nor plus organizations; the pages are in data/menu.ts.
    id: 'data',
    labelId: 'app.settings.group.data',
    visible: dataGroupVisible,
    pages: DATA_PAGES,
  },
];

/**
 * "Help" is left out on purpose: the only documentation this build serves is the API description
 * at /docs, which is no help to the people using these screens.
 */
export const SETTINGS_ACTIONS: SettingsAction[] = [
  {
    id: 'getting-started',
    labelId: 'app.settings.getting-started',
    icon: RocketLaunchOutlinedIcon,
    visible: seesGettingStarted,
  },
  { id: 'training', labelId: 'app.settings.training', icon: SchoolOutlinedIcon, visible: (a) => !a.isPlus },
  { id: 'feedback', labelId: 'app.settings.feedback', icon: FeedbackOutlinedIcon },
];

export const visibleActions = (access: SettingsAccess) => SETTINGS_ACTIONS.filter((a) => a.visible?.(access) ?? true);

/** Groups and pages this user sees, in menu order. */
export const visibleMenu = (access: SettingsAccess): SettingsGroup[] => visibleGroups(SETTINGS_MENU, access);
