/** Site settings (the menu entry reads 'Organization Settings'): the menu needs modify on settings. */
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const siteSettingsFeature: Feature = {
  name: 'settings',
  routes: [{ path: 'settings', lazy: page(() => import('./SiteSettingsEdit')) }],
  menu: [
    {
      slot: 'settings',
      label: 'Organization Settings',
      icon: TuneOutlined,
      path: 'settings',
      gate: needs('modify', 'settings'),
    },
  ],
};
