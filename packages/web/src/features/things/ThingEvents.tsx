/**
 * The thing editor's Events tab: the thing's events in a date range (quick buttons Today, Last 7
 * Days, Last 30 Days), newest first, in the shared events table (events/EventsTable.tsx), under a
 * small RSSI trend of the listed sightings (RssiTrend.tsx). New
 * events arrive through the live stream's invalidation of 'events'.
 */
import { Stack } from '@mui/material';
import type { Thing } from '@sightline/shared';
import { useSession } from '../../api/session-context';
import type { EditorTabProps } from '../../components';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { holdKeyOf } from '../../components/table/held-order';
import { listApiQuery } from '../../components/table/list-state';
import { useTableState } from '../../components/table/useTableState';
import { EventsTable } from '../events/EventsTable';
import { useEvents } from '../events/useEvents';
import { RssiTrend } from './RssiTrend';
import type { ThingForm } from './thing-form';
import { useTabDateRange } from './useTabDateRange';

export function ThingEvents({ ctx }: EditorTabProps<ThingForm>) {
  const thing = ctx.record as Thing | undefined;
  const { siteId } = useSession();
  const table = useTableState('-time');
  const [range, setRange] = useTabDateRange(() => table.update({}));
  const query = listApiQuery({ ...table.state, search: '' }, { site: siteId, thing: thing?._id, ...range });
  const events = useEvents(query, Boolean(siteId && thing));
  return (
    <Stack spacing={2}>
      <DateRangeFilter value={range} onChange={setRange} />
      <RssiTrend events={events.data?.items} />
      <EventsTable
        label="Events"
        dense
        openThings={false}
        query={events}
        holdKey={holdKeyOf(query, events.isPlaceholderData || !events.isFetchedAfterMount)}
        state={table.state}
        onState={table.update}
        empty={{
          title: 'No events in this range',
          description: 'Try a longer range: this thing was not seen by any reader in these days.',
        }}
      />
    </Stack>
  );
}
