import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import SchemaOutlinedIcon from '@mui/icons-material/SchemaOutlined';
import type { SettingsPage } from '../../menu-model';
import { CompanyDictionariesPage } from './CompanyDictionariesPage';
import { DictionaryDashboardPage } from './DictionaryDashboardPage';
import { DictionaryViewPage } from './DictionaryViewPage';
import { ProviderDictionariesPage } from './ProviderDictionariesPage';

/**
 * The data dictionary screens of spec 2 §2. The dashboard is the menu entry; the lists and the view
 * are reached from it (the view gets its dictionary id in navigation state).
 */
export const DICTIONARY_PAGES: SettingsPage[] = [
  {
    id: 'dictionary',
    path: 'data/dictionary',
    labelId: 'app.settings.data.dictionary',
    descriptionId: 'app.settings.data.dictionary.description',
    icon: MenuBookOutlinedIcon,
    Component: DictionaryDashboardPage,
  },
  {
    id: 'dictionary-prostar',
    path: 'data/dictionary/prostar',
    labelId: 'app.dictionary.provider-templates',
    icon: AccountTreeOutlinedIcon,
    Component: ProviderDictionariesPage,
    hidden: true,
  },
  {
    id: 'dictionary-company',
    path: 'data/dictionary/company',
    labelId: 'app.dictionary.company-dictionaries',
    icon: ApartmentOutlinedIcon,
    Component: CompanyDictionariesPage,
    hidden: true,
  },
  {
    id: 'dictionary-view',
    path: 'data/dictionary/view',
    labelId: 'app.dictionary.view.title',
    icon: SchemaOutlinedIcon,
    Component: DictionaryViewPage,
    hidden: true,
  },
];
