/**
 * Exceptions: the Alerts screen (route alerts, a menu entry with the count of open alerts, for
 * every signed-in user: acting on alerts needs modify on exceptions, seeing them does not) and the
 * exception detail (route exceptionDetail), opened from Alerts, Home, reports and mails.
 */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import type { ExceptionRecord } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { type Feature, type MenuContext, page } from '../../navigation/registry';

/** The menu badge: the site's open (not yet acknowledged) alerts, kept current by the live stream. */
function useOpenAlerts(ctx: MenuContext): number | undefined {
  const open = useList<ExceptionRecord>(
    'exceptions',
    { site: ctx.siteId, state: 'open', limit: 1 },
    { enabled: ctx.siteId !== undefined },
  );
  return open.data?.total;
}

export const exceptionsFeature: Feature = {
  name: 'exceptions',
  routes: [
    { path: 'alerts', lazy: page(() => import('./AlertsPage')) },
    { path: 'exceptions/:id', lazy: page(() => import('./ExceptionDetailPage')) },
  ],
  menu: [
    {
      slot: 'alerts',
      label: 'Alerts',
      icon: NotificationsActiveOutlined,
      path: 'alerts',
      useBadge: useOpenAlerts,
    },
  ],
};
