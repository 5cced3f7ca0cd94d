/** API keys: list and editor under Admin; the menu needs create on apikeys. */
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { type Feature, gated, needs, page } from '../../navigation/registry';

/** Reading API keys needs create on apikeys, as the server's list and records do. */
const access = needs('create', 'apikeys');

export const apikeysFeature: Feature = {
  name: 'apikeys',
  routes: gated(access, [
    { path: 'apikeys', lazy: page(() => import('./ApiKeysList')) },
    { path: 'apikeys/:id', lazy: page(() => import('./ApiKeyEdit')) },
  ]),
  menu: [
    {
      slot: 'apikeys',
      label: 'API Keys',
      icon: VpnKeyOutlined,
      path: 'apikeys',
      gate: access,
    },
  ],
};
