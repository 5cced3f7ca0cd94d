/**
 * The one events table of SPEC 2.5, on Events, a thing's Events tab and a zone time exception's
 * detail: Tag with a tick or cross for matched and an alarm icon for a tamper alarm, Last Full
 * Event, Last Seen, Repeat Event Count, Direction, Endpoint, Data (cFloat0, one decimal),
 * Location, Antenna, Zone. A row opens its thing unless the tag matched none.
 */
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { Box, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import type { EventRecord } from '@sightline/shared';
import type { ReactNode } from 'react';
import { useSiteNavigate } from '../../app/site-links';
import { type Column, EmptyState } from '../../components';
import { formatCFloat0, formatListDateTime, NONE } from '../../components/format';
import { ListBody } from '../../components/list/ListBody';
import { toggleSort } from '../../components/list/list-state';
import { TableFrame } from '../../components/TableFrame';
import type { TableState } from '../../components/useTableState';

function TagCell({ event }: { event: EventRecord }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, whiteSpace: 'nowrap' }}
    >
      {event.matched ? (
        <Tooltip title="Matched to a known thing">
          <CheckCircleRounded fontSize="small" color="success" aria-label="Matched" titleAccess="Matched" />
        </Tooltip>
      ) : (
        <Tooltip title="Not matched to any thing">
          <CancelRounded fontSize="small" color="error" aria-label="Unmatched" titleAccess="Unmatched" />
        </Tooltip>
      )}
      <Box
        component="span"
        className="event-tag"
        sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 13 }}
      >
        {event.tag}
      </Box>
      {event.alarmTamper && (
        <Tooltip title="Tamper alarm">
          <NotificationsActiveRounded
            fontSize="small"
            color="warning"
            aria-label="Tamper alarm"
            titleAccess="Tamper alarm"
          />
        </Tooltip>
      )}
    </Box>
  );
}

/** Date and time as one line; the dense table puts the time on a second line. */
function DateTimeCell({ value }: { value: string | null }) {
  const text = formatListDateTime(value);
  const space = text.indexOf(' ');
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {space < 0 ? (
        text
      ) : (
        <>
          {text.slice(0, space)} <span className="event-time">{text.slice(space + 1)}</span>
        </>
      )}
    </Box>
  );
}

export const EVENT_COLUMNS: Column<EventRecord>[] = [
  { field: 'tag', label: 'Tag', sortable: true, render: (e) => <TagCell event={e} /> },
  {
    field: 'firstTime',
    label: 'Last Full Event',
    sortable: true,
    render: (e) => <DateTimeCell value={e.firstTime} />,
  },
  { field: 'time', label: 'Last Seen', sortable: true, render: (e) => <DateTimeCell value={e.time} /> },
  { field: 'repeatCount', label: 'Repeat Event Count', sortable: true, align: 'right', hideBelow: 'md' },
  { field: 'direction', label: 'Direction', sortable: true, hideBelow: 'md' },
  { field: 'endpointName', label: 'Endpoint' },
  {
    field: 'data',
    label: 'Data',
    align: 'right',
    hideBelow: 'md',
    render: (e) => formatCFloat0(e.data.cFloat0) || NONE,
  },
  { field: 'locationTagName', label: 'Location', hideBelow: 'md' },
  { field: 'antenna', label: 'Antenna', sortable: true, align: 'right', hideBelow: 'md' },
  { field: 'zoneName', label: 'Zone' },
];

/** Inside an editor tab: tighter cells, wrapping headers, times under dates, tags by their last characters. */
const DENSE_SX = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3 },
  // Only the sorted column's arrow takes room; the others would cost the Zone column its place.
  '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
  '& .event-time': { display: 'block', color: 'text.secondary' },
  // Right to left clips the start of the EPC: '…C43463FB' (the whole tag stays in the text).
  '& .event-tag': {
    display: 'inline-block',
    maxWidth: '10ch',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    direction: 'rtl',
    verticalAlign: 'middle',
  },
};

export interface EventsTableProps {
  query: {
    data: { items: EventRecord[]; total: number } | undefined;
    isFetching: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  state: TableState;
  onState: (patch: Partial<TableState>) => void;
  /** Above the table, inside its card (filters). */
  toolbar?: ReactNode;
  empty?: { title?: string; description: string };
  /** The table's accessible name. */
  label?: string;
  /** For editor tabs: compact cells, paging only when more than one small page. */
  dense?: boolean;
  /** Rows open their thing (default); off where the thing is already open. */
  openThings?: boolean;
}

export function EventsTable({ query, state, onState, dense, openThings = true, ...props }: EventsTableProps) {
  const navigate = useSiteNavigate();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const rows = query.data?.items;
  return (
    <TableFrame
      loaded={rows !== undefined}
      fetching={query.isFetching}
      error={query.error}
      errorTitle="Could not load events"
      onRetry={query.refetch}
      toolbar={props.toolbar}
      pagingWhenNeeded={dense}
      empty={
        rows?.length === 0 && (
          <EmptyState
            icon={<SensorsRounded />}
            title={props.empty?.title ?? 'No events'}
            description={props.empty?.description ?? 'No tag was seen in this date range.'}
          />
        )
      }
      paging={{
        page: state.page,
        limit: state.limit,
        total: query.data?.total ?? 0,
        onPage: (page) => onState({ page }),
        onLimit: (limit) => onState({ limit }),
      }}
    >
      <Box sx={{ '& td': { whiteSpace: 'nowrap' }, ...(dense && DENSE_SX) }}>
        <ListBody
          phone={phone}
          label={props.label}
          columns={EVENT_COLUMNS}
          rows={rows}
          loadingRows={8}
          sort={state.sort}
          onSort={(field) => onState({ sort: toggleSort(state.sort, field) })}
          rowId={(e) => e._id}
          rowLabel={(e) => (e.matched ? `thing of tag ${e.tag}` : `tag ${e.tag} (unmatched)`)}
          onOpen={
            openThings
              ? (e) => {
                  if (e.matched) navigate(`things/${e.thing}`);
                }
              : undefined
          }
        />
      </Box>
    </TableFrame>
  );
}
