/** Images: the catalogue and the detail view; the Images menu entry. */
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import { type Feature, page } from '../../navigation/registry';

export const imagesFeature: Feature = {
  name: 'images',
  routes: [
    { path: 'images', lazy: page(() => import('./ImagesList')) },
    { path: 'images/:id', lazy: page(() => import('./ImageEdit')) },
  ],
  menu: [{ slot: 'images', label: 'Images', icon: PhotoLibraryOutlined, path: 'images' }],
};
