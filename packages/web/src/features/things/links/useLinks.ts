/**
 * Data of the Parents/Children tab: the linked things (GET things/{id}/children or /parents),
 * the things offered in add mode (fuzzy search of the site's things), and the link operations.
 * Keys start with 'things', so saves and the live stream refresh them like every thing list.
 */
import { MSG, type Thing, thingResource } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorData } from '../../../api/client';
import { useList } from '../../../api/hooks';
import { useSession } from '../../../api/session-context';
import { useNotify } from '../../../components';
import { thingKeys } from '../keys';
import { LinkRefused, linkChild, linkParent, unlinkChild, unlinkParent } from './link-actions';

export type LinkMode = 'children' | 'parents';

interface Page {
  page: number;
  limit: number;
}

export function useLinkedThings(thingId: string, mode: LinkMode, page: Page) {
  return useQuery({
    queryKey: thingKeys.links(thingId, mode, page),
    queryFn: ({ signal }) => api.list<Thing>(`things/${thingId}/${mode}`, { ...page }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useLinkCandidates(term: string, page: Page, enabled: boolean) {
  const { siteId } = useSession();
  return useList<Thing>('things', { site: siteId, search2: term || undefined, ...page }, { enabled });
}

/** Whether `row` is linked to `thing` in this mode. */
export const isLinked = (thing: Thing, row: Thing, mode: LinkMode) =>
  mode === 'children' ? row.parents.includes(thing._id) : thing.parents.includes(row._id);

export function useLinkActions(thing: Thing, mode: LinkMode) {
  const client = useQueryClient();
  const notify = useNotify();
  const session = useSession();
  const mutation = useMutation<string, Error, { row: Thing; link: boolean }>({
    mutationFn: ({ row, link }) => {
      if (mode === 'children') return link ? linkChild(thing._id, row._id) : unlinkChild(thing._id, row._id);
      return link ? linkParent(thing._id, row._id) : unlinkParent(thing._id, row._id);
    },
    onSuccess: (message) => notify.success(message),
    onError: (error) =>
      notify.error(error instanceof LinkRefused ? error.message : MSG.saveFailed(errorData(error))),
    // Refused or not, what is on screen may be stale: reload every thing list and record.
    onSettled: () => client.invalidateQueries({ queryKey: thingKeys.all() }),
  });
  /** Linking changes the child (children mode) or this thing (parents mode): modify rights on that one. */
  const canChange = (row: Thing) =>
    session.can(thingResource(mode === 'children' ? row.class : thing.class), 'modify');
  /** Add mode is offered when some link could be made: any thing class (children) or this thing (parents). */
  const canAdd =
    mode === 'children'
      ? session.can(thingResource('item'), 'modify') || session.can(thingResource('worker'), 'modify')
      : session.can(thingResource(thing.class), 'modify');
  return {
    canChange,
    canAdd,
    busyId: mutation.isPending ? mutation.variables?.row._id : undefined,
    link: (row: Thing) => mutation.mutate({ row, link: true }),
    unlink: (row: Thing) => mutation.mutateAsync({ row, link: false }).catch(() => undefined),
  };
}
