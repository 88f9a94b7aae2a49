import BrushOutlinedIcon from '@mui/icons-material/BrushOutlined';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import EmojiSymbolsOutlinedIcon from '@mui/icons-material/EmojiSymbolsOutlined';
import MyLocationOutlinedIcon from '@mui/icons-material/MyLocationOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { flagOn, type DataFlag } from '../../api/functionality-flags';
import type { SettingsAccess } from '../access';
import type { SettingsPage } from '../menu-model';
import { ManageClientsPage } from './clients/ManageClientsPage';
import DynamicFormOutlinedIcon from '@mui/icons-material/DynamicFormOutlined';
import { FormsPage } from './forms/FormsPage';
import { DICTIONARY_PAGES } from './dictionaries/pages';
import { ManageSitesPage } from './sites/ManageSitesPage';
import { StyleEditorRoute } from './styles/StyleEditorRoute';
import { StylesPage } from './styles/StylesPage';
import { SymbologyPage } from './symbology/SymbologyPage';

/**
 * A feature gate of spec 2 §6. While the account (which carries the flags) is still loading the page
 * is let through, so a direct visit is not sent away; the page itself waits for the flags.
 */
const gate = (flag: DataFlag) => (a: SettingsAccess) => flagOn(a.account, flag) !== false;

/** Whether the data group is shown at all: never to data collectors nor in plus organizations (spec 2 §2). */
export const dataGroupVisible = (a: SettingsAccess) => !a.isDataCollector && !a.isPlus;

/** The pages of the "Data management" settings group (spec 2 §2), in menu order. */
export const DATA_PAGES: SettingsPage[] = [
  ...DICTIONARY_PAGES,
  {
    id: 'symbology',
    path: 'data/symbology',
    labelId: 'app.settings.data.symbology',
    descriptionId: 'app.settings.data.symbology.description',
    icon: EmojiSymbolsOutlinedIcon,
    Component: SymbologyPage,
  },
  {
    id: 'style',
    path: 'data/style',
    labelId: 'app.settings.data.style',
    descriptionId: 'app.settings.data.style.description',
    icon: BrushOutlinedIcon,
    Component: StylesPage,
    visible: gate('geoserver'),
  },
  {
    // Opened from the style list with the style in navigation state; CodeMirror loads on demand.
    id: 'style-edit',
    path: 'data/style/edit',
    labelId: 'app.data.style.editor',
    icon: EditNoteOutlinedIcon,
    Component: StyleEditorRoute,
    visible: gate('geoserver'),
    hidden: true,
  },
  {
    id: 'manage-sites',
    path: 'data/manage-sites',
    labelId: 'app.settings.data.manage-sites',
    descriptionId: 'app.settings.data.manage-sites.description',
    icon: MyLocationOutlinedIcon,
    Component: ManageSitesPage,
    visible: gate('siteCalibration'),
  },
  {
    id: 'manage-clients',
    path: 'data/manage-clients',
    labelId: 'app.settings.data.manage-clients',
    descriptionId: 'app.settings.data.manage-clients.description',
    icon: VpnKeyOutlinedIcon,
    Component: ManageClientsPage,
    visible: (a) => a.isOrgAdmin && gate('clients')(a),
  },
  {
    id: 'manage-forms',
    path: 'data/manage-forms',
    labelId: 'app.settings.data.manage-forms',
    descriptionId: 'app.settings.data.manage-forms.description',
    icon: DynamicFormOutlinedIcon,
    Component: FormsPage,
    visible: (a) => a.isOrgAdmin,
  },
];
