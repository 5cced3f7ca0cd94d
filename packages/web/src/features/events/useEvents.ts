/** GET events for a screen: refreshed by the live stream, polled every 5 s only while it is down. */
import { EVENTS_POLL_MS, type EventRecord } from '@sightline/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type Query } from '../../api/client';
import { useFallbackPolling } from '../../api/live';
import { eventKeys } from './keys';

export function useEvents(query: Query, enabled = true) {
  const refetchInterval = useFallbackPolling(EVENTS_POLL_MS);
  return useQuery({
    queryKey: eventKeys.list(query),
    queryFn: ({ signal }) => api.list<EventRecord>('events', query, signal),
    placeholderData: keepPreviousData,
    refetchInterval,
    enabled,
  });
}
