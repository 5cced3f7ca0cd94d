/** The things of an inventory exception (SPEC 2.6), each linked to its editor (items to /items/{id}). */
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { Link, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { type ExceptionThing, formatDateTime } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session-context';
import { useSitePath } from '../../app/site-links';
import { EmptyState } from '../../components';
import { thingPath } from './exception-text';

export function ExceptionThings({ things }: { things: ExceptionThing[] }) {
  const toPath = useSitePath();
  const { settings } = useSession();
  const classLabel = (cls: ExceptionThing['class']) =>
    cls === 'worker' ? settings.workerLabel : settings.itemLabel;
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Typography variant="h4" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
        Things
      </Typography>
      {things.length === 0 ? (
        <EmptyState
          icon={<Inventory2Outlined />}
          title="No things"
          description="The things of this exception no longer exist."
        />
      ) : (
        <Table size="small" aria-label="Things">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Zone</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>Zone Entry Time</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {things.map((t) => (
              <TableRow key={t._id} hover>
                <TableCell>
                  <Link
                    component={RouterLink}
                    to={toPath(thingPath(t._id, t.class))}
                    sx={{ fontWeight: 600 }}
                  >
                    {t.name}
                  </Link>
                </TableCell>
                <TableCell>{classLabel(t.class)}</TableCell>
                <TableCell>{t.zoneName ?? '—'}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatDateTime(t.lastZoneTime)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
