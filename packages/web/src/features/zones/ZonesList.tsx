/** The zones of the selected site: name, description, alert time, gates. */
import SpaceDashboardOutlined from '@mui/icons-material/SpaceDashboardOutlined';
import { fromNanoseconds, type Zone } from '@sightline/shared';
import { ResourceList } from '../../components';

const minutes = (ns: number) => {
  if (!ns) return 'Off';
  const m = Number(fromNanoseconds(ns, 'minutes').toFixed(2));
  return `${m} min`;
};

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
          render: (z) => minutes(z.duration),
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
