/** The events' query keys. */
import { resourceKeys } from '../../api/keys';

export const eventKeys = {
  ...resourceKeys('events'),
  /** The site's endpoints for the endpoint filter (`GET eventsources`). */
  sources: (site: string | undefined) => ['eventsources', site ?? ''] as const,
};
