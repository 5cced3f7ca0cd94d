/** The sites list: name, description, start date (YYYY/MM/DD, as every list date); add and delete. */
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import type { Site } from '@sightline/shared';
import { hasAllSites, useSession } from '../../api/session-context';
import { ResourceList } from '../../components';
import { formatListDate } from '../../components/format';

export default function SitesList() {
  const session = useSession();
  return (
    <ResourceList<Site>
      resource="sites"
      // A site-limited administrator would not see a site it made: adding one is for all sites.
      permissions={{ create: session.can('sites', 'create') && hasAllSites(session) }}
      title="Sites"
      entityName="site"
      editPath="sites"
      addLabel="Add site"
      defaultSort="name"
      emptyIcon={<StoreMallDirectoryOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'description', label: 'Description', sortable: true, hideBelow: 'sm' },
        {
          field: 'startDate',
          label: 'Start Date',
          cardLabel: true,
          sortable: true,
          render: (s) => formatListDate(s.startDate),
          width: 140,
        },
      ]}
    />
  );
}
