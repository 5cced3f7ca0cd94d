/** 'Open alerts': the site's open (unresolved) alerts, newest first; each opens its detail. */
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { List, ListItem, Skeleton } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { ExceptionItem } from '../exceptions/ExceptionItem';
import { DashboardCard } from './DashboardCard';

const SHOWN = 6;

export function RecentExceptionsCard() {
  const { siteId } = useSession();
  const open = useList<ExceptionRecord>('exceptions', {
    site: siteId,
    open: true,
    sort: '-time',
    limit: SHOWN,
  });
  const rows = open.data?.items ?? [];
  const total = open.data?.total ?? 0;
  return (
    <DashboardCard
      title="Open alerts"
      subtitle={open.data ? (total > SHOWN ? `${SHOWN} newest of ${total} open` : `${total} open`) : ' '}
      query={open}
      empty={
        rows.length === 0 && {
          icon: <TaskAltRounded />,
          title: 'No open alerts',
          description: 'Zone time overruns and inventory shortages or overages show up here.',
        }
      }
    >
      <List dense disablePadding aria-label="Open alerts" sx={{ pb: 1 }}>
        {open.isPending
          ? [0, 1, 2].map((i) => (
              <ListItem key={i} disablePadding>
                <Skeleton variant="rounded" height={44} sx={{ mx: 2.5, my: 1, flex: 1 }} />
              </ListItem>
            ))
          : rows.map((e) => <ExceptionItem key={e._id} exception={e} />)}
      </List>
    </DashboardCard>
  );
}
