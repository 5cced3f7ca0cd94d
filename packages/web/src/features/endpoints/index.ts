/** Endpoints: list and editor under Configuration; the menu needs modify on endpoints. */
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { type Feature, needs, page } from '../../navigation/registry';

export const endpointsFeature: Feature = {
  name: 'endpoints',
  routes: [
    { path: 'endpoints', lazy: page(() => import('./EndpointsList')) },
    { path: 'endpoints/:id', lazy: page(() => import('./EndpointEdit')) },
  ],
  menu: [
    {
      slot: 'endpoints',
      label: 'Endpoints',
      icon: SensorsRounded,
      path: 'endpoints',
      gate: needs('modify', 'endpoints'),
    },
  ],
};
