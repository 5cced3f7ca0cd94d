/** The zones' query keys. */
import { resourceKeys } from '../../api/keys';

export const zoneKeys = {
  ...resourceKeys('zones'),
  /** Things per zone of a site (the home page's overview). */
  overview: (site: string | undefined) => ['zones', 'overview', site ?? ''] as const,
  overviews: () => ['zones', 'overview'] as const,
  killModes: () => ['killmodes'] as const,
};
