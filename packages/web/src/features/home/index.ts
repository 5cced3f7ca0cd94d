/** Home: the dashboard, first in the menu. */
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import { type Feature, page } from '../../navigation/registry';

export const homeFeature: Feature = {
  name: 'home',
  routes: [{ path: 'home', lazy: page(() => import('./HomePage')) }],
  menu: [{ slot: 'home', label: 'Home', icon: HomeOutlined, path: 'home' }],
};
