/** The thing editor's Data tab: the sensor value (data.cFloat0, one decimal) and the rest of its read-only state. */
import type { Thing } from '@sightline/shared';
import { useList, useRecord } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import type { EditorTabProps } from '../../components';
import { formatDateTime, formatMapPoint, formatSensor } from '../../components/format';
import { ReadOnlyGrid } from './ReadOnlyGrid';
import type { ThingForm } from './thing-form';

interface Named {
  _id: string;
  name: string;
}

/** The name of a record the thing points at, or its id while (or if not) loadable. */
function useName(resource: string, id: string | null) {
  const record = useRecord<Named>(resource, id ?? undefined);
  if (!id) return '—';
  return record.data?.name ?? id;
}

export function ThingData({ ctx }: EditorTabProps<ThingForm>) {
  const thing = ctx.record as Thing | undefined;
  const { siteId } = useSession();
  const endpoints = useList<Named>('eventsources', { site: siteId }, { enabled: Boolean(siteId) });
  const mapName = useName('maps', thing?.map ?? null);
  const locationTagName = useName('locationtags', thing?.locationTag ?? null);
  if (!thing) return null;
  const endpointName = thing.endpoint
    ? (endpoints.data?.items.find((e) => e._id === thing.endpoint)?.name ?? thing.endpoint)
    : '—';
  return (
    <ReadOnlyGrid
      facts={[
        { label: 'Sensor Value (cFloat0)', value: formatSensor(thing.data.cFloat0) },
        { label: 'Direction', value: thing.direction ?? '—' },
        { label: 'Endpoint', value: endpointName },
        { label: 'Last Endpoint Time', value: formatDateTime(thing.lastEndpointTime) },
        { label: 'Location Tag', value: locationTagName },
        { label: 'Map', value: mapName },
        { label: 'Map Position', value: formatMapPoint(thing.xycoordinates) },
        { label: 'Alarm Tag', value: thing.alarmTamperTag || '—' },
        { label: 'Alarm Time', value: formatDateTime(thing.alarmTamperTime) },
        { label: 'Last Event', value: formatDateTime(thing.lastEvent) },
        { label: 'Created', value: formatDateTime(thing.timeCreated) },
        { label: 'Modified', value: formatDateTime(thing.timeModified) },
      ]}
    />
  );
}
