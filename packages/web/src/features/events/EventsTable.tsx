/**
 * The one events table, on Events, a thing's Events tab and (`compact`, five columns) an alert's
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
import type { ReactNode } from 'react';
import { type Column, EmptyState } from '../../components';
import { formatCFloat0, formatListDateTime, formatRssi, NONE } from '../../components/format';
import { ListBody } from '../../components/table/ListBody';
import { toggleSort } from '../../components/table/list-state';
import { TableFrame } from '../../components/table/TableFrame';
import type { TableState } from '../../components/table/useTableState';
import { useSiteNavigate } from '../../navigation/site-links';

/** Tags longer than this are shown by their head and tail around an ellipsis. */
const TAG_SHOWN = 18;
const TAG_END = 8;

/**
 * A long tag as its first and last eight characters around an ellipsis: the tail is what tells
 * tags of one batch apart, so the cut is in the middle ('E28011…8C0A51F3').
 */
const shortTag = (tag: string) =>
  tag.length <= TAG_SHOWN ? tag : `${tag.slice(0, TAG_END)}…${tag.slice(-TAG_END)}`;

/**
 * The tag on one line (a long tag's head and tail around an ellipsis) with its decoded identity
 * (GS1 keys, else the URI): in the table the whole tag and the identity are read by screen readers
 * and shown in the tooltip; a phone's card shows both whole, the identity under the tag.
 */
function TagCell({ event }: { event: EventRecord }) {
  const identity = decodeEpc(event.tag);
  const whole = [event.tag, identity.uri, identity.label].filter(Boolean).join('\n');
  const short = shortTag(event.tag);
  return (
    <Box component="span" className="event-tag-cell">
      {/* Before the tag: side by side on phones, stacked in the table. */}
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
      <Tooltip
        title={<Box sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{whole}</Box>}
        describeChild
      >
        <Box component="span" className="event-tag-text" data-testid="event-tag">
          <Box component="span" className="event-tag">
            {short === event.tag ? (
              event.tag
            ) : (
              <>
                <span aria-hidden className="event-tag-short">
                  {short}
                </span>
                <span className="event-tag-whole">{event.tag}</span>
              </>
            )}
          </Box>{' '}
          <Box component="span" className="event-epc" data-testid="event-epc">
            {identity.label ?? identity.uri}
          </Box>
        </Box>
      </Tooltip>
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

/** The column counts the sightings merged into the event after its first: 0 is seen once, not never. */
const REPEAT_COUNT_HINT = 'Sightings after the first: 0 means the tag was seen once.';

/** A column as narrow as its content allows; the room left goes to Endpoint, Location and Zone. */
const NARROW = '1px';
/**
 * An endpoint's name breaks at its spaces, and inside a word only when the word is longer than
 * about ten letters: readers are often named like hosts ('FX9600-1A2B3C4D5E6F'), and `anywhere`
 * lowers the column's narrowest width where `break-word` does not, so such a name never pushes the
 * table past the screen. Zones and location tags are named by people, in words, and keep them whole.
 */
const endpointCell = (name: string | null | undefined) =>
  name ? <span className="event-endpoint">{name}</span> : NONE;

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
    hint: REPEAT_COUNT_HINT,
    sortable: true,
    align: 'right',
    width: NARROW,
    hideBelow: 'md',
  },
  { field: 'direction', label: 'Direction', sortable: true, width: NARROW, hideBelow: 'md' },
  { field: 'endpointName', label: 'Endpoint', cardLabel: true, render: (e) => endpointCell(e.endpointName) },
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
    // '-55 dBm' may put its unit on a second line, as the dates put their time.
    render: (e) => formatRssi(e.rssi),
  },
  { field: 'zoneName', label: 'Zone', cardLabel: true },
];

/**
 * An alert's events, inside its detail: which tag, when, where (endpoint, zone) and which way; the
 * thing is the alert's own. The full table's columns, the tag first as there (a phone's card title).
 */
const COMPACT_FIELDS = ['tag', 'time', 'endpointName', 'zoneName', 'direction'];
const COMPACT_EVENT_COLUMNS = COMPACT_FIELDS.flatMap((field) => {
  const column = EVENT_COLUMNS.find((c) => c.field === field);
  // Direction is worth a line on a phone here, where the card has few.
  return column ? [{ ...column, hideBelow: undefined, cardLabel: field !== 'tag' }] : [];
});

const MONO = 'ui-monospace, SFMono-Regular, Menlo, monospace';
/** Read by screen readers only (sx reads a bare 1 as 100% and margins as spacing: sizes written out). */
const HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * All eleven columns fit a 1280 px screen beside the menu: tight cells, headers wrapping onto two or
 * three lines, only the sorted column's arrow taking room, times under dates, the tag on one line,
 * names wrapping at spaces.
 */
const EVENTS_SX = {
  // Phone cards show the whole tag (it wraps there); the table its short form.
  '& .event-tag-short': { display: 'none' },
  '& table .event-tag-short': { display: 'inline' },
  '& .event-tag-cell, & .event-icons': { display: 'inline-flex', alignItems: 'center', gap: 0.75 },
  '& .event-tag': { fontFamily: MONO, fontSize: 13, lineHeight: 1.4 },
  '& .event-tag-text': { display: 'inline-flex', flexDirection: 'column', minWidth: 0 },
  '& .event-epc': {
    fontSize: 12,
    lineHeight: 1.3,
    color: 'text.secondary',
    overflowWrap: 'anywhere',
  },
  '& table': {
    '& .MuiTableCell-root': { px: 0.75 },
    '& .MuiTableCell-root:first-of-type': { pl: 2 },
    '& .MuiTableCell-root:last-of-type': { pr: 2 },
    '& .MuiTableCell-head': { whiteSpace: 'normal', lineHeight: 1.3, verticalAlign: 'bottom' },
    '& .MuiTableSortLabel-root:not(.Mui-active) .MuiTableSortLabel-icon': { display: 'none' },
    '& td': { overflowWrap: 'break-word' },
    '& .event-endpoint': { overflowWrap: 'anywhere', display: 'inline-block', minWidth: '5.5em' },
    '& .event-tag-cell': { whiteSpace: 'nowrap' },
    // The match and tamper icons stacked, as high as the two-line dates beside them.
    '& .event-icons': { flexDirection: 'column', gap: 0.25 },
    '& .event-when': { whiteSpace: 'nowrap' },
    '& .event-time': { display: 'block', color: 'text.secondary' },
    // A hovered row's tint leaves grey text below 4.5:1 (WCAG 1.4.3): it reads as the row's text.
    '& .MuiTableRow-hover:hover .event-time': { color: 'text.primary' },
    '& .event-tag': { display: 'block', whiteSpace: 'nowrap', fontSize: 12 },
    '& .event-tag-whole': HIDDEN,
    // Read with the tag and in its tooltip, so the cell stays one line.
    '& .event-epc': HIDDEN,
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
  /** The five columns an alert's detail needs (time, tag, endpoint, zone, direction), not all eleven. */
  compact?: boolean;
  /** Rows open their thing (default); off where the thing is already open. */
  openThings?: boolean;
  /**
   * Every events list is live: its order holds under the pointer and focus (TableGrid `holdKey`,
   * from `holdKeyOf`), so a list of events cannot be added without it.
   */
  holdKey: string;
}

export function EventsTable({
  query,
  state,
  onState,
  dense,
  compact,
  openThings = true,
  ...props
}: EventsTableProps) {
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
          columns={compact ? COMPACT_EVENT_COLUMNS : EVENT_COLUMNS}
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
