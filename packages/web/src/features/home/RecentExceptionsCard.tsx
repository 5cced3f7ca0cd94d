/** 'Recent exceptions': the site's open (unresolved) exceptions, newest first; each opens its detail. */
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import { List, ListItemButton, ListItemIcon, ListItemText, Skeleton } from '@mui/material';
import { type ExceptionRecord, formatDateTime } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { useSiteNavigate } from '../../app/site-links';
import { ExceptionIcon, exceptionSubject } from '../exceptions/exception-text';
import { DashboardCard } from './DashboardCard';

const SHOWN = 6;

export function RecentExceptionsCard() {
  const { siteId } = useSession();
  const navigate = useSiteNavigate();
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
      title="Recent exceptions"
      subtitle={open.data ? (total > SHOWN ? `${SHOWN} newest of ${total} open` : `${total} open`) : ' '}
      query={open}
      empty={
        rows.length === 0 && {
          icon: <TaskAltRounded />,
          title: 'No open exceptions',
          description: 'Zone time overruns and inventory shortages or overages show up here.',
        }
      }
    >
      <List dense disablePadding aria-label="Open exceptions" sx={{ pb: 1 }}>
        {open.isPending
          ? [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={44} sx={{ mx: 2.5, my: 1 }} />)
          : rows.map((e) => (
              <ListItemButton key={e._id} onClick={() => navigate(`exceptions/${e._id}`)} sx={{ px: 2.5 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <ExceptionIcon type={e.type} expectedZone={e.expectedZone} />
                </ListItemIcon>
                <ListItemText
                  primary={`${exceptionSubject(e)} ${e.message}`.trim()}
                  secondary={formatDateTime(e.time)}
                  slotProps={{ primary: { sx: { fontWeight: 500 } } }}
                />
              </ListItemButton>
            ))}
      </List>
    </DashboardCard>
  );
}
