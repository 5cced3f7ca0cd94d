/**
 * The one events table, on Events, a thing's Events tab and a zone time exception's
 * detail: Tag with a tick or cross for matched and an alarm icon for a tamper alarm, Last Full
 * Event, Last Seen, Repeat Event Count, Direction, Endpoint, Data (cFloat0, one decimal),
 * Location, Antenna, RSSI (the peak RSSI of the event's last sighting), Zone. A row opens its thing unless the tag matched none.
 */
import CancelRounded from '@mui/icons-material/CancelRounded';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import NotificationsActiveRounded from '@mui/icons-material/NotificationsActiveRounded';
import SensorsRounded from '@mui/icons-material/SensorsRounded';
import { Box, Tooltip, useMediaQuery, useTheme } from '@mui/material';
import { decodeEpc, type EventRecord } from '@sightline/shared';
import type { CSSProperties, ReactNode } from 'react';
import { type Column, EmptyState } from '../../components';
import { formatCFloat0, formatListDateTime, formatRssi, NONE } from '../../components/format';
import { ListBody } from '../../components/table/ListBody';
import { toggleSort } from '../../components/table/list-state';
import { TableFrame } from '../../components/table/TableFrame';
import type { TableState } from '../../components/table/useTableState';
import { useSiteNavigate } from '../../navigation/site-links';

/** Tags longer than this many characters are clamped to three lines, the whole tag in a tooltip. */
const TAG_LINE = 12;

/** The tag's hex, and under it its GS1 keys (the URI when it has none), the URI in a tooltip. */
function TagCell({ event }: { event: EventRecord }) {
  const identity = decodeEpc(event.tag);
  // The table sets the tag's width in characters (break-all alone would squeeze it to one).
  const tag = (
    <Box
      component="span"
      className="event-tag"
      style={{ '--tag-ch': Math.min(event.tag.length, TAG_LINE) } as CSSProperties}
    >
      {event.tag}
    </Box>
  );
  return (
    <Box component="span" className="event-tag-cell">
      {/* Side by side on phones; stacked beside the two lines of the tag in the table. */}
      <Box component="span" className="event-icons">
        {event.matched ? (
          <Tooltip title="Matched to a known thing">
            <CheckCircleRounded fontSize="small" color="success" aria-label="Matched" titleAccess="Matched" />
          </Tooltip>
        ) : (
          <Tooltip title="Not matched to any thing">
            <CancelRounded fontSize="small" color="error" aria-label="Unmatched" titleAccess="Unmatched" />
          </Tooltip>
        )}
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
      <Box component="span" className="event-tag-text">
        {event.tag.length > TAG_LINE * 3 ? <Tooltip title={event.tag}>{tag}</Tooltip> : tag}{' '}
        <Tooltip title={identity.label ? `${identity.uri}\n${identity.label}` : identity.uri}>
          <Box component="span" className="event-epc" data-testid="event-epc">
            {identity.label ?? identity.uri}
          </Box>
        </Tooltip>
      </Box>
    </Box>
  );
}

/**
 * The list date-time (YYYY/MM/DD hh:mm am/pm); the table puts the time under the date, phone
 * rows keep one line.
 */
function DateTimeCell({ value }: { value: string | null }) {
  const text = formatListDateTime(value);
  const space = text.indexOf(' ');
  if (space < 0) return <>{text}</>;
  return (
    <span className="event-when">
      {text.slice(0, space)} <span className="event-time">{text.slice(space + 1)}</span>
    </span>
  );
}

/** A column as narrow as its content allows; the room left goes to Endpoint, Location and Zone. */
const NARROW = '1px';

const EVENT_COLUMNS: Column<EventRecord>[] = [
  { field: 'tag', label: 'Tag', sortable: true, width: NARROW, render: (e) => <TagCell event={e} /> },
  {
    field: 'firstTime',
    label: 'Last Full Event',
    sortable: true,
    width: NARROW,
    cardLabel: true,
    render: (e) => <DateTimeCell value={e.firstTime} />,
  },
  {
    field: 'time',
    label: 'Last Seen',
    sortable: true,
    width: NARROW,
    cardLabel: true,
    render: (e) => <DateTimeCell value={e.time} />,
  },
  {
    field: 'repeatCount',
    label: 'Repeat Event Count',
    sortable: true,
    align: 'right',
    width: NARROW,
    hideBelow: 'md',
  },
  { field: 'direction', label: 'Direction', sortable: true, width: NARROW, hideBelow: 'md' },
  { field: 'endpointName', label: 'Endpoint', cardLabel: true },
  {
    field: 'data',
    label: 'Data',
    align: 'right',
    width: NARROW,
    hideBelow: 'md',
    render: (e) => formatCFloat0(e.data.cFloat0) || NONE,
  },
  { field: 'locationTagName', label: 'Location', hideBelow: 'md' },
  { field: 'antenna', label: 'Antenna', sortable: true, align: 'right', width: NARROW, hideBelow: 'md' },
  {
    field: 'rssi',
    label: 'RSSI',
    align: 'right',
    width: NARROW,
    hideBelow: 'md',
    render: (e) => <span className="event-when">{formatRssi(e.rssi)}</span>,
  },
  { field: 'zoneName', label: 'Zone', cardLabel: true },
];

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';

/**
 * All eleven columns fit a 1280 px screen beside the menu: tight cells, headers wrapping onto two or
 * three lines, only the sorted column's arrow taking room, times under dates, the EPC on lines of
 * twelve characters, names wrapping at spaces.
 */
const EVENTS_SX = {
  '& .event-tag-cell, & .event-icons': { display: 'inline-flex', alignItems: 'center', gap: 0.75 },
  '& .event-tag': { fontFamily: MONO, fontSize: 13, lineHeight: 1.4 },
  '& .event-tag-text': { display: 'inline-flex', flexDirection: 'column', minWidth: 0 },
  '& .event-epc': {
    fontSize: 12,
    lineHeight: 1.3,
    color: 'text.secondary',
    maxWidth: '18ch',
    overflowWrap: 'anywhere',
  },
  '& table': {
    '& .MuiTableCell-root': { px: 0.75 },
    '& .MuiTableCell-root:first-of-type': { pl: 2 },
    '& .MuiTableCell-root:last-of-type': { pr: 2 },
    '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3, verticalAlign: 'bottom' },
    '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
    '& td': { overflowWrap: 'break-word' },
    '& .event-icons': { flexDirection: 'column', gap: 0.25 },
    '& .event-when': { whiteSpace: 'nowrap' },
    '& .event-time': { display: 'block', color: 'text.secondary' },
    // A hovered row's tint leaves grey text below 4.5:1 (WCAG 1.4.3): it reads as the row's text.
    '& .MuiTableRow-hover:hover .event-epc, & .MuiTableRow-hover:hover .event-time': {
      color: 'text.primary',
    },
    '& .event-tag': {
      width: 'calc(var(--tag-ch) * 1ch)',
      flexShrink: 0,
      wordBreak: 'break-all',
      display: '-webkit-box',
      WebkitLineClamp: 3,
      WebkitBoxOrient: 'vertical',
      overflow: 'hidden',
    },
  },
};

export interface EventsTableProps {
  query: {
    data: { items: EventRecord[]; total: number; totalCapped?: boolean } | undefined;
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
  /** For editor tabs: paging only when there is more than one small page. */
  dense?: boolean;
  /** Rows open their thing (default); off where the thing is already open. */
  openThings?: boolean;
  /**
   * Every events list is live: its order holds under the pointer and focus (TableGrid `holdKey`,
   * from `holdKeyOf`), so a list of events cannot be added without it.
   */
  holdKey: string;
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
        totalCapped: query.data?.totalCapped,
        onPage: (page) => onState({ page }),
        onLimit: (limit) => onState({ limit }),
      }}
    >
      <Box sx={EVENTS_SX}>
        <ListBody
          phone={phone}
          label={props.label}
          columns={EVENT_COLUMNS}
          rows={rows}
          loadingRows={8}
          sort={state.sort}
          onSort={(field) => onState({ sort: toggleSort(state.sort, field) })}
          rowId={(e) => e._id}
          holdKey={props.holdKey}
          rowLabel={(e) => {
            // The card's visible text (the tag, then its decoded identity) is part of its name.
            const identity = decodeEpc(e.tag);
            const shown = `${e.tag} ${identity.label ?? identity.uri}`;
            return e.matched ? `thing of tag ${shown}` : `tag ${shown} (unmatched)`;
          }}
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
