/** The reports' query keys, and the zone stays' (Zones History). */

import type { Query } from '../../api/client';
import { resourceKeys } from '../../api/keys';

export const reportKeys = {
  ...resourceKeys('reports'),
  /** A saved report's result. */
  result: (id: string | undefined, query: Query) => ['reports', id ?? '', query] as const,
  adhoc: (body: unknown) => ['reports', 'adhoc', body] as const,
};

export const zoneDurationKeys = {
  ...resourceKeys('zonedurations'),
  summary: (query: Query) => ['zonedurations', 'summary', query] as const,
};
