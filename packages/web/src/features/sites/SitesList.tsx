/** The sites list: name, description, start date (YYYY/MM/DD, as every list date); add and delete. */
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import type { Site } from '@sightline/shared';
import { ResourceList } from '../../components';
import { formatListDate } from '../../components/format';

export default function SitesList() {
  return (
    <ResourceList<Site>
      resource="sites"
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
