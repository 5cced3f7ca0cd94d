/** The endpoints' query keys. */

import type { Query } from '../../api/client';
import { resourceKeys } from '../../api/keys';

export const endpointKeys = {
  ...resourceKeys('endpoints'),
  /** An endpoint's heartbeats, one page. */
  status: (id: string | undefined, query: Query) => ['endpoints', 'status', id, query] as const,
  /** An endpoint's newest heartbeat. */
  latestStatus: (id: string | undefined) => ['endpoints', 'statusfb', id] as const,
};
