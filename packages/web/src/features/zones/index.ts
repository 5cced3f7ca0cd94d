/** Zones: list and editor with a Gates tab, under Configuration (the menu needs modify on zones). */
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const zonesFeature: Feature = {
  name: 'zones',
  routes: [
    { path: 'zones', lazy: page(() => import('./ZonesList')) },
    { path: 'zones/:id', lazy: page(() => import('./ZoneEdit')) },
  ],
  menu: [
    {
      slot: 'zones',
      label: 'Zones',
      icon: SpaceDashboardOutlined,
      path: 'zones',
      gate: needs('modify', 'zones'),
    },
  ],
};
