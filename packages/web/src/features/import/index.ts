/** Asset import: Admin → Import; the menu needs modify on things. */
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { type Feature, needs, page } from '../../app/registry';

export const importFeature: Feature = {
  name: 'import',
  routes: [{ path: 'import', lazy: page(() => import('./ImportPage')) }],
  menu: [
    {
      slot: 'import',
      label: 'Import',
      icon: UploadFileOutlined,
      path: 'import',
      gate: needs('modify', 'things'),
    },
  ],
};
