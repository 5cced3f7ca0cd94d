/**
 * Exceptions: the Alerts screen (route alerts, a menu entry with the count of open alerts, for
 * every signed-in user: acting on alerts needs modify on exceptions, seeing them does not) and the
 * exception detail (route exceptionDetail), opened from Alerts, Home, reports and mails.
 */
import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { type Feature, type MenuContext, page } from '../../navigation/registry';
import { useOpenAlertCount } from './useOpenAlertCount';

/** The menu badge: the site's open (not resolved) alerts, as the Alerts screen counts them. */
const useOpenAlerts = (ctx: MenuContext) => useOpenAlertCount(ctx.siteId);

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
