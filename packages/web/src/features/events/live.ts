/**
 * A live `event` message applied to the cached events lists: an event on a page and still in its
 * place is updated there; a new event, or one whose sort value changed (Last Seen), refetches the
 * pages it sorts into. Their filters (date range, endpoints, search) are left to the server.
 */
import type { LiveData } from '@sightline/shared';
import { applyToLists, type LiveCacheContext } from '../../api/live-cache';
import { eventKeys } from './keys';

export function applyEventLive(data: LiveData<'event'>, { client, invalidate }: LiveCacheContext): void {
  applyToLists(client, eventKeys.lists(), data._id, data, { fields: [], ignored: ['site'] }, invalidate);
}
