/**
 * A zone time exception's events: the thing's events in a date range, by default the
 * days of the stay that overran; Reset brings that range back.
 */
import { Stack, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import type { DateRange } from '../../components/date-range';
import { holdKeyOf } from '../../components/table/held-order';
import { listApiQuery } from '../../components/table/list-state';
import { useTableState } from '../../components/table/useTableState';
import { EventsTable } from '../events/EventsTable';
import { useEvents } from '../events/useEvents';

function stayRange(e: Pick<ExceptionRecord, 'stayStart' | 'time'>): DateRange {
  return {
    after: dayjs(e.stayStart ?? e.time)
      .startOf('day')
      .toISOString(),
    before: dayjs(e.time).endOf('day').toISOString(),
  };
}

export function ExceptionEvents({ exception }: { exception: ExceptionRecord }) {
  const initial = useMemo(() => stayRange(exception), [exception]);
  const [range, setRange] = useState<DateRange>(initial);
  const table = useTableState('-time');
  const query = listApiQuery(
    { ...table.state, search: '' },
    { site: exception.site, thing: exception.thing ?? undefined, ...range },
  );
  const events = useEvents(query, exception.thing !== null);
  const showRange = (next: DateRange) => {
    setRange(next);
    table.update({});
  };
  return (
    <EventsTable
      query={events}
      holdKey={holdKeyOf(query, events.isPlaceholderData || !events.isFetchedAfterMount)}
      state={table.state}
      onState={table.update}
      empty={{ description: `${exception.thingName ?? 'The thing'} was not seen in this date range.` }}
      toolbar={
        <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Typography variant="h4" component="h2">
            Events
          </Typography>
          <DateRangeFilter
            value={range}
            quick={false}
            onChange={showRange}
            onReset={() => showRange(initial)}
          />
        </Stack>
      }
    />
  );
}
