/**
 * The thing's open exceptions (zone time overruns, kits it is missing from or turned up in), under
 * its state on the Basic tab; each opens its detail. Refreshed live with every exception message.
 */
import { Alert, List, ListItemButton, ListItemIcon, ListItemText, Paper, Typography } from '@mui/material';
import { type ExceptionRecord, formatDateTime } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { useSiteNavigate } from '../../app/site-links';
import { ExceptionIcon, exceptionSubject } from '../exceptions/exception-text';

const SHOWN = 10;

export function ThingExceptions({ thingId }: { thingId: string }) {
  const navigate = useSiteNavigate();
  const open = useList<ExceptionRecord>('exceptions', {
    thing: thingId,
    open: true,
    sort: '-time',
    limit: SHOWN,
  });
  const rows = open.data?.items ?? [];
  const total = open.data?.total ?? 0;
  if (open.error) return <Alert severity="warning">Could not load this thing's exceptions.</Alert>;
  if (rows.length === 0) return null;
  return (
    <section aria-label="Open exceptions">
      <Typography variant="overline" color="text.secondary" component="h3">
        Open exceptions {total > SHOWN ? `(${SHOWN} newest of ${total})` : `(${total})`}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <List dense disablePadding>
          {rows.map((e) => (
            <ListItemButton key={e._id} divider onClick={() => navigate(`exceptions/${e._id}`)}>
              <ListItemIcon sx={{ minWidth: 36 }}>
                <ExceptionIcon type={e.type} expectedZone={e.expectedZone} />
              </ListItemIcon>
              <ListItemText
                primary={`${exceptionSubject(e)} ${e.message}`.trim()}
                secondary={formatDateTime(e.time)}
              />
            </ListItemButton>
          ))}
        </List>
      </Paper>
    </section>
  );
}
