/** The endpoints list: Name, UUID, Coordinates, Auto Enroll, for the selected site. */
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { Chip } from '@mui/material';
import type { Endpoint } from '@sightline/shared';
import { ResourceList } from '../../components';
import { formatCoordinates } from '../../components/format';

export default function EndpointsList() {
  return (
    <ResourceList<Endpoint>
      resource="endpoints"
      title="Endpoints"
      entityName="endpoint"
      editPath="endpoints"
      addLabel="Add endpoint"
      siteScoped
      emptyIcon={<SensorsRounded />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        {
          field: 'uuid',
          label: 'UUID',
          sortable: true,
          hideBelow: 'sm',
          render: (e) => (
            <span style={{ fontFamily: 'ui-monospace, monospace', fontSize: 13 }}>{e.uuid}</span>
          ),
        },
        {
          field: 'xycoordinates',
          label: 'Coordinates',
          render: (e) => formatCoordinates(e.xycoordinates),
          hideBelow: 'md',
        },
        {
          field: 'autoEnroll.enabled',
          label: 'Auto Enroll',
          cardLabel: true,
          render: (e) =>
            e.autoEnroll.enabled ? (
              <Chip size="small" color="success" variant="outlined" label="Yes" />
            ) : (
              <Chip size="small" variant="outlined" label="No" />
            ),
        },
      ]}
    />
  );
}
