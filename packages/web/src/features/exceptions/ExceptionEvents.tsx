/**
 * The events of an alert's thing (a zone time overrun, a missing thing) in a date range, by default
 * the alert's period: from the day its stay began (or the thing was last seen) to the day it was
 * resolved, or today while it is open. Reset brings that range back.
 */
import { Stack, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { useMemo, useState } from 'react';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import type { DateRange } from '../../components/date-range';
import { holdKeyOf } from '../../components/table/held-order';
import { listApiQuery } from '../../components/table/list-state';
import { useTableState } from '../../components/table/useTableState';
import { EventsTable } from '../events/EventsTable';
import { useEvents } from '../events/useEvents';
import { alertPeriod } from './alerts';

export function ExceptionEvents({ exception }: { exception: ExceptionRecord }) {
  // Fixed when the alert (or its resolution) changes, not every render: Reset returns to it.
  const initial = useMemo(() => alertPeriod(exception), [exception]);
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
      compact
      label="Events of this alert"
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
