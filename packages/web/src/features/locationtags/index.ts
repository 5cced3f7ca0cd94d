/** Location tags: list and editor under Configuration (the menu needs modify on locationtags). */
import PinDropOutlined from '@mui/icons-material/PinDropOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const locationtagsFeature: Feature = {
  name: 'locationtags',
  routes: [
    { path: 'locationtags', lazy: page(() => import('./LocationTagsList')) },
    { path: 'locationtags/:id', lazy: page(() => import('./LocationTagEdit')) },
  ],
  menu: [
    {
      slot: 'locationtags',
      label: 'Location Tags',
      icon: PinDropOutlined,
      path: 'locationtags',
      gate: needs('modify', 'locationtags'),
    },
  ],
};
