/** The location tags of the selected site: Name, Tag, Coordinates, Zone ('N/A' if none). */
import PinDropOutlined from '@mui/icons-material/PinDropOutlined';
import { type LocationTag, MSG } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { ResourceList } from '../../components';
import { useSiteZones } from '../zones/useZones';

export default function LocationTagsList() {
  const session = useSession();
  const zones = useSiteZones(session.siteId);
  return (
    <ResourceList<LocationTag>
      resource="locationtags"
      title="Location Tags"
      entityName="location tag"
      editPath="locationtags"
      addLabel="Add location tag"
      siteScoped
      emptyIcon={<PinDropOutlined />}
      columns={[
        { field: 'name', label: 'Name', sortable: true },
        {
          field: 'tag',
          label: 'Tag',
          sortable: true,
          render: (t) => <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{t.tag}</span>,
        },
        {
          field: 'xycoordinates',
          label: 'Coordinates',
          sortable: true,
          render: (t) => `${t.xycoordinates[0]}, ${t.xycoordinates[1]}`,
          hideBelow: 'sm',
        },
        {
          field: 'zone',
          label: 'Zone',
          cardLabel: true,
          sortable: true,
          render: (t) => (t.zone ? (zones.names.get(t.zone) ?? '…') : MSG.notAvailable),
        },
      ]}
    />
  );
}
