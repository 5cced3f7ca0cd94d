/** How an exception is named and pictured on every screen. */
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PlaylistRemoveRounded from '@mui/icons-material/PlaylistRemoveRounded';
import SearchOffRounded from '@mui/icons-material/SearchOffRounded';
import SettingsInputAntennaRounded from '@mui/icons-material/SettingsInputAntennaRounded';
import TimerOutlined from '@mui/icons-material/TimerOutlined';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import WrongLocationOutlined from '@mui/icons-material/WrongLocationOutlined';
import type { ExceptionRecord, ThingClass } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import { formatTimesIn } from '../../components/format';

type Typed = Pick<ExceptionRecord, 'type' | 'expectedZone'>;

/** The thing a message starts with ('Pallet 7 was in Dock …'); inventory messages stand alone. */
export function exceptionSubject(e: Pick<ExceptionRecord, 'type' | 'expectedZone' | 'thingName'>): string {
  if (e.type === 'zoneTimeException' || e.expectedZone !== null) return e.thingName ?? 'A thing';
  return '';
}

export function ExceptionIcon({
  type,
  expectedZone = null,
}: {
  type: Typed['type'];
  expectedZone?: string | null;
}) {
  if (expectedZone !== null) return <WrongLocationOutlined color="warning" aria-label="Wrong zone" />;
  if (type === 'zoneTimeException') return <TimerOutlined color="error" aria-label="Zone time" />;
  if (type === 'inventoryThingsMissing')
    return <PlaylistRemoveRounded color="warning" aria-label="Inventory shortage" />;
  if (type === 'thingMissing') return <SearchOffRounded color="error" aria-label="Thing missing" />;
  if (type === 'endpointOffline') return <WifiOffRounded color="error" aria-label="Endpoint offline" />;
  if (type === 'antennaDisconnected')
    return <SettingsInputAntennaRounded color="warning" aria-label="Antenna disconnected" />;
  return <Inventory2Outlined color="warning" aria-label="Inventory overage" />;
}

/**
 * What an alert is about, as its row names it: the thing, else the endpoint (with the antenna of an
 * antennaDisconnected alert), else the zone of an inventory count.
 */
export function alertTarget(
  e: Pick<
    ExceptionRecord,
    'thingName' | 'thing' | 'endpointName' | 'endpoint' | 'antenna' | 'zoneName' | 'type'
  >,
): string {
  const thing = e.thingName ?? e.thing;
  if (thing) return thing;
  const endpoint = e.endpointName ?? e.endpoint;
  if (endpoint)
    return e.type === 'antennaDisconnected' && e.antenna !== null
      ? `${endpoint} · Antenna ${e.antenna}`
      : endpoint;
  return e.zoneName ?? 'Unknown';
}

/** An exception's things link to their editor: items to /items/{id}; workers to their own editor. */
export const thingPath = (id: string, cls: ThingClass | null) =>
  `${cls === 'worker' ? 'workers' : 'items'}/${id}`;

/** The timezone of the exception's site (the selected site's when it is not among the user's). */
export function useSiteTimezone(site: string | undefined): string | undefined {
  const { sites, site: selected } = useSession();
  return (sites.find((s) => s._id === site) ?? selected)?.timezone.id;
}

/**
 * An exception's message as the console shows it: the times it names ('offline since …') on its
 * site's clock in the usual date form, not as the API's ISO text.
 */
export function useAlertMessage(e: Pick<ExceptionRecord, 'message' | 'site'>): string {
  return formatTimesIn(e.message, useSiteTimezone(e.site));
}
