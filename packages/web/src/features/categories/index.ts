/** Categories: list and editor under Admin (the menu needs modify on image-categories). */
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import { type Feature, needs, page } from '../../navigation/registry';
import { CATEGORY_RESOURCE } from './permissions';

export const categoriesFeature: Feature = {
  name: 'categories',
  routes: [
    { path: 'categories', lazy: page(() => import('./CategoriesList')) },
    { path: 'categories/:id', lazy: page(() => import('./CategoryEdit')) },
  ],
  menu: [
    {
      slot: 'categories',
      label: 'Categories',
      icon: CategoryOutlined,
      path: 'categories',
      gate: needs('modify', CATEGORY_RESOURCE),
    },
  ],
};
