/**
 * Events: the site's compacted tag sightings, newest first, filtered by date range and
 * endpoints (kept in the URL). New events arrive through the live stream; the 5 s poll runs only
 * while the stream is down.
 */
import { Stack } from '@mui/material';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useSession } from '../../api/session-context';
import { PageHeader } from '../../components';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { DownloadButton } from '../../components/DownloadButton';
import { type DateRange, quickDateRange } from '../../components/date-range';
import { holdKeyOf } from '../../components/table/held-order';
import { listApiQuery } from '../../components/table/list-state';
import { useListState } from '../../components/table/useListState';
import { downloadFile } from '../things/download';
import { EndpointFilter } from './EndpointFilter';
import { EventsTable } from './EventsTable';
import { LiveChip } from './LiveChip';
import { useEvents } from './useEvents';

export default function EventsPage() {
  const { siteId } = useSession();
  const [params, setParams] = useSearchParams();
  const { state, update } = useListState('-time');
  const today = useMemo(() => quickDateRange('today'), []);
  const range: DateRange = {
    after: params.has('after') ? params.get('after') || undefined : today.after,
    before: params.has('before') ? params.get('before') || undefined : today.before,
  };
  const endpoints = (params.get('endpoint') ?? '').split(',').filter(Boolean);

  const setFilters = (patch: { after?: string; before?: string; endpoint?: string[] }) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [key, value] of Object.entries(patch)) {
        const text = Array.isArray(value) ? value.join(',') : (value ?? '');
        // An emptied date stays in the URL as '' so it does not fall back to today.
        if (key === 'endpoint' && !text) next.delete(key);
        else next.set(key, text);
      }
      next.delete('page');
      return next;
    });

  const query = listApiQuery(
    { ...state, search: '' },
    { site: siteId, after: range.after, before: range.before, endpoint: endpoints },
  );
  const events = useEvents(query, siteId !== undefined);
  const total = events.data?.total;

  return (
    <>
      <PageHeader
        title="Events"
        subtitle={total === undefined ? ' ' : `${total} ${total === 1 ? 'event' : 'events'}`}
        actions={
          <Stack direction="row" spacing={1} alignItems="center">
            <LiveChip />
            <DownloadButton
              label="Download EPCIS"
              run={() =>
                downloadFile(
                  'epcis/document',
                  {
                    site: siteId,
                    GE_eventTime: range.after,
                    LT_eventTime: range.before,
                    // An endpoint's derived EPCIS id names it whatever its own id is.
                    EQ_readPoint: endpoints.length
                      ? endpoints.map((id) => `urn:sightline:endpoint:${id}`).join('|')
                      : undefined,
                    perPage: 1000,
                  },
                  'events.jsonld',
                )
              }
            />
          </Stack>
        }
      />
      <EventsTable
        query={events}
        holdKey={holdKeyOf(query, events.isPlaceholderData || !events.isFetchedAfterMount)}
        state={state}
        onState={update}
        toolbar={
          <Stack sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
            <DateRangeFilter value={range} onChange={(r) => setFilters(r)}>
              <EndpointFilter
                siteId={siteId}
                value={endpoints}
                onChange={(ids) => setFilters({ endpoint: ids })}
              />
            </DateRangeFilter>
          </Stack>
        }
      />
    </>
  );
}
