/** The zones of a site, for pickers (location tags: 1000) and name lookups in lists (3000). */
import { ZONE_FETCH_LIMIT, type Zone } from '@sightline/shared';
import { useMemo } from 'react';
import { useList } from '../../api/hooks';

export function useSiteZones(site: string | undefined, limit: number = ZONE_FETCH_LIMIT) {
  const list = useList<Zone>('zones', { site, limit, sort: 'name' }, { enabled: Boolean(site) });
  const zones = list.data?.items;
  const names = useMemo(() => new Map((zones ?? []).map((z) => [z._id, z.name])), [zones]);
  const options = useMemo(() => (zones ?? []).map((z) => ({ value: z._id, label: z.name })), [zones]);
  return { zones, names, options, isPending: list.isPending };
}
