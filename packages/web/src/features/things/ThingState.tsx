/**
 * The Basic tab's read-only state: zone, zone entry, last seen, alarm (set by the tracking
 * engine, never edited), and each tag's EPC identity. It follows the live record, so a move shows
 * at once.
 */
import NotificationImportantRounded from '@mui/icons-material/NotificationImportantRounded';
import { Stack } from '@mui/material';
import type { Thing } from '@sightline/shared';
import type { EditorTabProps } from '../../components';
import { formatDateTime } from '../../components/format';
import { tagIdentityFacts } from './EpcIdentity';
import { useZoneNames } from './lookups';
import { ReadOnlyGrid } from './ReadOnlyGrid';
import { ThingExceptions } from './ThingExceptions';
import type { ThingForm } from './thing-form';

function AlarmText({ thing }: { thing: Thing }) {
  if (!thing.alarmTamper) return <>None</>;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: 'error.main' }}>
      <NotificationImportantRounded fontSize="small" aria-hidden />
      <span>
        Tamper alarm
        {thing.alarmTamperTime ? ` since ${formatDateTime(thing.alarmTamperTime)}` : ''}
      </span>
    </Stack>
  );
}

export function ThingState({ ctx }: EditorTabProps<ThingForm>) {
  const zones = useZoneNames();
  const thing = ctx.record as Thing | undefined;
  if (!thing || ctx.isNew) return null;
  const tags = tagIdentityFacts(thing);
  return (
    <Stack spacing={2.5}>
      <ReadOnlyGrid
        title="Current state"
        facts={[
          { label: 'Zone', value: thing.zone ? (zones.get(thing.zone) ?? 'Another site') : 'Not in a zone' },
          { label: 'Zone Entry Time', value: formatDateTime(thing.lastZoneTime) },
          { label: 'Last Seen', value: formatDateTime(thing.lastEvent) },
          { label: 'Alarm', value: <AlarmText thing={thing} /> },
        ]}
      />
      {tags.length > 0 && <ReadOnlyGrid title="Tag identities" facts={tags} />}
      <ThingExceptions thingId={thing._id} />
    </Stack>
  );
}
