/** The maps of the selected site, with a thumbnail of each image. */
import LayersOutlined from '@mui/icons-material/LayersOutlined';
import { Avatar, Stack } from '@mui/material';
import type { MapRecord } from '@sightline/shared';
import { ResourceList } from '../../components';

const point = (p: [number, number]) => `${p[0]}, ${p[1]}`;

export default function MapsList() {
  return (
    <ResourceList<MapRecord>
      resource="maps"
      title="Maps"
      entityName="map"
      editPath="maps"
      addLabel="Add map"
      siteScoped
      emptyIcon={<LayersOutlined />}
      columns={[
        {
          field: 'name',
          label: 'Name',
          sortable: true,
          render: (m) => (
            <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
              <Avatar
                variant="rounded"
                src={m.image || undefined}
                alt=""
                sx={{ width: 56, height: 36, bgcolor: 'grey.100', color: 'text.secondary' }}
              >
                <LayersOutlined fontSize="small" />
              </Avatar>
              <span>{m.name}</span>
            </Stack>
          ),
        },
        { field: 'topLeft', label: 'Top Left', render: (m) => point(m.topLeft), hideBelow: 'sm' },
        { field: 'botRight', label: 'Bottom Right', render: (m) => point(m.botRight), hideBelow: 'sm' },
        { field: 'image', label: 'Image', render: (m) => (m.image ? 'Uploaded' : 'None'), hideBelow: 'md' },
      ]}
    />
  );
}
