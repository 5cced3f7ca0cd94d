/** The things' query keys (items and workers share the resource). */
import { resourceKeys } from '../../api/keys';

export const thingKeys = {
  ...resourceKeys('things'),
  /** A thing's Parents or Children tab, one page. */
  links: (thingId: string, mode: string, page: unknown) => ['things', 'links', thingId, mode, page] as const,
  allLinks: () => ['things', 'links'] as const,
  /** Every thing placed on one map (the map view, all pages). */
  map: (site: string | undefined, map: string | undefined) => ['things', 'map', { site, map }] as const,
  maps: () => ['things', 'map'] as const,
};
