/** The API keys list: Name, Token (its prefix), Role. Keys are deleted from their editor only. */
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import { Box } from '@mui/material';
import type { ApiKey } from '@sightline/shared';
import { ResourceList } from '../../components';
import { RoleChips } from '../users/RoleChips';

export default function ApiKeysList() {
  return (
    <ResourceList<ApiKey>
      resource="apikeys"
      title="API Keys"
      entityName="API key"
      editPath="apikeys"
      addLabel="Add API key"
      emptyIcon={<VpnKeyOutlined />}
      // An existing key is deleted only through its editor's 'Confirm Delete' dialog.
      permissions={{ delete: false }}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        {
          field: 'token',
          label: 'Token',
          render: (k) => (
            <Box component="code" sx={{ fontFamily: 'monospace', fontSize: 13, color: 'text.secondary' }}>
              {k.token}
            </Box>
          ),
        },
        { field: 'roles', label: 'Role', render: (k) => <RoleChips ids={k.roles} />, hideBelow: 'sm' },
      ]}
    />
  );
}
