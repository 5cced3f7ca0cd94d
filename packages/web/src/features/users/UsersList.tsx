/** The users list: name, username, roles. */
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import type { User } from '@sightline/shared';
import { ResourceList } from '../../components';
import { RoleChips } from './RoleChips';

export default function UsersList() {
  return (
    <ResourceList<User>
      resource="users"
      title="Users"
      entityName="user"
      editPath="users"
      addLabel="Add user"
      emptyIcon={<PeopleAltOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'username', label: 'Username', sortable: true },
        { field: 'roles', label: 'Roles', render: (u) => <RoleChips ids={u.roles} />, hideBelow: 'sm' },
      ]}
    />
  );
}
