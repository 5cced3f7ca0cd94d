/** The maps of a site, by name (menu links, location tag and endpoint pickers). */
import { LIST_LIMIT_MAX, type MapRecord } from '@sightline/shared';
import { useMemo } from 'react';
import { useList } from '../../api/hooks';

export function useSiteMaps(site: string | undefined) {
  const list = useList<MapRecord>(
    'maps',
    { site, limit: LIST_LIMIT_MAX, sort: 'name' },
    { enabled: Boolean(site) },
  );
  const maps = list.data?.items;
  const names = useMemo(() => new Map((maps ?? []).map((m) => [m._id, m.name])), [maps]);
  const options = useMemo(() => (maps ?? []).map((m) => ({ value: m._id, label: m.name })), [maps]);
  return { maps, names, options, isPending: list.isPending };
}
