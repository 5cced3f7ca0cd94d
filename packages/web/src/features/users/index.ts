/** Users: list and editor under Admin (the menu needs create on users). */
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { type Feature, needs, page } from '../../app/registry';

export const usersFeature: Feature = {
  name: 'users',
  routes: [
    { path: 'users', lazy: page(() => import('./UsersList')) },
    { path: 'users/:id', lazy: page(() => import('./UserEdit')) },
  ],
  menu: [
    { slot: 'users', label: 'Users', icon: PeopleAltOutlined, path: 'users', gate: needs('create', 'users') },
  ],
};
