/** Sites: list and editor under Admin; the menu needs modify on sites. */
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const sitesFeature: Feature = {
  name: 'sites',
  routes: [
    { path: 'sites', lazy: page(() => import('./SitesList')) },
    { path: 'sites/:id', lazy: page(() => import('./SiteEdit')) },
  ],
  menu: [
    {
      slot: 'sites',
      label: 'Sites',
      icon: StoreMallDirectoryOutlined,
      path: 'sites',
      gate: needs('modify', 'sites'),
    },
  ],
};
