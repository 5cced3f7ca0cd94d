/** The zones of the selected site: name, description, alert time, gates. */
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import type { Zone } from '@sightline/shared';
import { ResourceList } from '../../components';
import { formatDuration } from '../../components/format';

/** An alert time of 0 means the zone raises no time alert. */
const alertTime = (ns: number) => (ns ? formatDuration(ns) : 'Off');

export default function ZonesList() {
  return (
    <ResourceList<Zone>
      resource="zones"
      title="Zones"
      entityName="zone"
      editPath="zones"
      addLabel="Add zone"
      siteScoped
      emptyIcon={<SpaceDashboardOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        { field: 'description', label: 'Description', sortable: true, hideBelow: 'md' },
        {
          field: 'duration',
          label: 'Alert Time',
          sortable: true,
          cardLabel: true,
          render: (z) => alertTime(z.duration),
        },
        {
          field: 'gates',
          label: 'Gates',
          align: 'right',
          render: (z) => z.gates.length,
          hideBelow: 'sm',
        },
      ]}
    />
  );
}
