/** Events: the live list of tag sightings of the selected site. */
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { type Feature, page } from '../../navigation/registry';

export const eventsFeature: Feature = {
  name: 'events',
  routes: [{ path: 'events', lazy: page(() => import('./EventsPage')) }],
  menu: [{ slot: 'events', label: 'Events', icon: SensorsRounded, path: 'events' }],
};
