/** API keys: list and editor under Admin; the menu needs create on apikeys. */
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { type Feature, needs, page } from '../../app/registry';

export const apikeysFeature: Feature = {
  name: 'apikeys',
  routes: [
    { path: 'apikeys', lazy: page(() => import('./ApiKeysList')) },
    { path: 'apikeys/:id', lazy: page(() => import('./ApiKeyEdit')) },
  ],
  menu: [
    {
      slot: 'apikeys',
      label: 'API Keys',
      icon: VpnKeyOutlined,
      path: 'apikeys',
      gate: needs('create', 'apikeys'),
    },
  ],
};
