/**
 * The count of the site's open alerts (new and acknowledged: not resolved), kept current by the
 * live stream. The menu badge and the Alerts screen's heading read this one query, so they agree.
 */
import type { ExceptionRecord } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { openAlertsQuery } from './alerts';

export function useOpenAlertCount(siteId: string | undefined): number | undefined {
  const open = useList<ExceptionRecord>('exceptions', openAlertsQuery(siteId), {
    enabled: siteId !== undefined,
  });
  return open.data?.total;
}
