/**
 * The thing's open exceptions (zone time overruns, kits it is missing from or turned up in), under
 * its state on the Basic tab; each opens its detail. Refreshed live with every exception message.
 */
import { Alert, List, Paper, Typography } from '@mui/material';
import type { ExceptionRecord } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { ExceptionItem } from '../exceptions/ExceptionItem';

const SHOWN = 10;

export function ThingExceptions({ thingId }: { thingId: string }) {
  const open = useList<ExceptionRecord>('exceptions', {
    thing: thingId,
    open: true,
    sort: '-time',
    limit: SHOWN,
  });
  const rows = open.data?.items ?? [];
  const total = open.data?.total ?? 0;
  if (open.error) return <Alert severity="warning">Could not load this thing's alerts.</Alert>;
  if (rows.length === 0) return null;
  return (
    <section aria-label="Open alerts">
      <Typography variant="overline" color="text.secondary" component="h2">
        Open alerts {total > SHOWN ? `(${SHOWN} newest of ${total})` : `(${total})`}
      </Typography>
      <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
        <List dense disablePadding>
          {rows.map((e) => (
            <ExceptionItem key={e._id} exception={e} divider />
          ))}
        </List>
      </Paper>
    </section>
  );
}
