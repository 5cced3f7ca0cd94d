/** Users: list and editor under Admin (the menu needs create on users). */
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { type Feature, type Gate, gated, needs, page } from '../../navigation/registry';

/** Reading users needs create on users, as the server's list and records do; one's own record is open. */
const access = needs('create', 'users');
const ownOrAccess: Gate = (ctx, params) => access(ctx) || params?.id === ctx.userId;

export const usersFeature: Feature = {
  name: 'users',
  routes: [
    ...gated(access, [{ path: 'users', lazy: page(() => import('./UsersList')) }]),
    ...gated(ownOrAccess, [{ path: 'users/:id', lazy: page(() => import('./UserEdit')) }]),
  ],
  menu: [{ slot: 'users', label: 'Users', icon: PeopleAltOutlined, path: 'users', gate: access }],
};
