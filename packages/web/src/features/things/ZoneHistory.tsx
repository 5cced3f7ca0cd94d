/**
 * The thing editor's Zone History tab: its zone stays in a date range (quick
 * buttons), newest exit first: zone, duration, entry, exit. The open stay (where the thing is
 * now) is not a record yet; it leads the first page while it overlaps the range.
 */
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import { Box, Chip, Stack, TableCell, TableRow } from '@mui/material';
import { msToNs, type Thing, type ZoneDurationRecord } from '@sightline/shared';
import dayjs from 'dayjs';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import type { EditorTabProps } from '../../components';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { formatDuration, formatListDateTime } from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';
import { useTableState } from '../../components/table/useTableState';
import { useZoneNames } from './lookups';
import type { ThingForm } from './thing-form';
import { useTabDateRange } from './useTabDateRange';

/** Phones have no room for a Duration column: it goes under the zone. */
const PHONE_LINE = { display: { xs: 'block', sm: 'none' }, color: 'text.secondary', whiteSpace: 'nowrap' };
const NOT_ON_PHONES = { display: { xs: 'none', sm: 'table-cell' } };

function ZoneCell({ zone, duration }: { zone: string; duration: string }) {
  return (
    <>
      {zone}
      <Box component="span" sx={PHONE_LINE}>
        {duration}
      </Box>
    </>
  );
}

const COLUMNS: Column<ZoneDurationRecord>[] = [
  {
    field: 'zone',
    label: 'Zone',
    render: (s) => <ZoneCell zone={s.zoneName ?? '—'} duration={formatDuration(s.timeDuration)} />,
  },
  { field: 'duration', label: 'Duration', render: (s) => formatDuration(s.timeDuration), hideBelow: 'sm' },
  { field: 'entry', label: 'Entry', render: (s) => formatListDateTime(s.timeStart) },
  { field: 'exit', label: 'Exit', render: (s) => formatListDateTime(s.timeEnd) },
];

function CurrentStay({ thing, zoneName }: { thing: Thing; zoneName: string }) {
  const entered = thing.lastZoneTime ?? '';
  const stay = formatDuration(msToNs(Date.now() - dayjs(entered).valueOf()));
  return (
    <TableRow key="current" sx={{ bgcolor: 'action.selected' }}>
      <TableCell>
        <ZoneCell zone={zoneName} duration={stay} />
      </TableCell>
      <TableCell sx={NOT_ON_PHONES}>{stay}</TableCell>
      <TableCell>{formatListDateTime(entered)}</TableCell>
      <TableCell>
        <Chip label="Still here" size="small" color="secondary" variant="outlined" />
      </TableCell>
    </TableRow>
  );
}

export function ZoneHistory({ ctx }: EditorTabProps<ThingForm>) {
  const thing = ctx.record as Thing | undefined;
  const { siteId } = useSession();
  const zones = useZoneNames();
  const table = useTableState();
  const [range, setRange] = useTabDateRange(() => table.update({}));
  const query = {
    site: siteId,
    thing: thing?._id,
    ...range,
    page: table.state.page,
    limit: table.state.limit,
  };
  const stays = useList<ZoneDurationRecord>('zonedurations', query, { enabled: Boolean(siteId && thing) });
  const current =
    thing?.zone &&
    thing.lastZoneTime &&
    table.state.page === 0 &&
    (!range.before || dayjs(thing.lastZoneTime).isBefore(range.before))
      ? thing
      : undefined;
  return (
    <Stack spacing={2}>
      <DateRangeFilter value={range} onChange={setRange} />
      <DataTable<ZoneDurationRecord>
        label="Zone history"
        columns={COLUMNS}
        rows={stays.data?.items}
        rowKey={(s) => s._id}
        fetching={stays.isFetching}
        error={stays.error}
        onRetry={() => stays.refetch()}
        leadingRows={
          current?.zone ? (
            <CurrentStay key="current" thing={current} zoneName={zones.get(current.zone) ?? 'Another site'} />
          ) : undefined
        }
        empty={{
          icon: <HistoryRounded />,
          title: 'No zone stays in this range',
          description: 'Stays appear here once the thing has moved from one zone to another.',
        }}
        paging={table.paging(stays.data?.total ?? 0)}
      />
    </Stack>
  );
}
