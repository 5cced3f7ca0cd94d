/** Asset import: Admin → Import; the menu needs modify on things. */
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import { type Feature, gated, needs, page } from '../../navigation/registry';

/** The screen, like its menu entry, needs modify on things: without it there is nothing to do here. */
const access = needs('modify', 'things');

export const importFeature: Feature = {
  name: 'import',
  routes: gated(access, [{ path: 'import', lazy: page(() => import('./ImportPage')) }]),
  menu: [
    {
      slot: 'import',
      label: 'Import',
      icon: UploadFileOutlined,
      path: 'import',
      gate: access,
    },
  ],
};
