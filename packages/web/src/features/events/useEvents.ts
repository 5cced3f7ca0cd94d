/** GET events for a screen: refreshed by the live stream, polled every 5 s only while it is down. */
import { EVENTS_POLL_MS, type EventRecord } from '@sightline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../api/client';
import { keys } from '../../api/keys';
import { useFallbackPolling } from '../../api/live';

export function useEvents(query: Query, enabled = true) {
  const refetchInterval = useFallbackPolling(EVENTS_POLL_MS);
  return useQuery({
    queryKey: keys.list('events', query),
    queryFn: ({ signal }) => api.list<EventRecord>('events', query, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled,
  });
}
