/** Organizations list: name, subdomain, created date (YYYY/MM/DD, as every list date). */
import CorporateFareOutlined from '@mui/icons-material/CorporateFareOutlined';
import type { Organization } from '@sightline/shared';
import { ResourceList } from '../../components';
import { formatListDate } from '../../components/format';

export default function OrganizationsList() {
  return (
    <ResourceList<Organization>
      resource="organizations"
      title="Organizations"
      entityName="organization"
      editPath="organizations"
      addLabel="Add organization"
      defaultSort="name"
      emptyIcon={<CorporateFareOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'subdomain', label: 'Subdomain', sortable: true, cardLabel: true },
        {
          field: 'timeCreated',
          label: 'Created Date',
          sortable: true,
          render: (o) => formatListDate(o.timeCreated),
          width: 140,
          hideBelow: 'sm',
        },
      ]}
    />
  );
}
