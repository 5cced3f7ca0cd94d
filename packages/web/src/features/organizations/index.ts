/** Organizations: tenants; the menu needs modify on organizations, i.e. super admins. */
import CorporateFareOutlined from '@mui/icons-material/CorporateFareOutlined';
import { type Feature, needs, page } from '../../navigation/registry';

export const organizationsFeature: Feature = {
  name: 'organizations',
  routes: [
    { path: 'organizations', lazy: page(() => import('./OrganizationsList')) },
    { path: 'organizations/:id', lazy: page(() => import('./OrganizationEdit')) },
  ],
  menu: [
    {
      slot: 'organizations',
      label: 'Organizations',
      icon: CorporateFareOutlined,
      path: 'organizations',
      gate: needs('modify', 'organizations'),
    },
  ],
};
