/**
 * The Storage tab of Organization Settings: per data class the organization's rows (counted) and
 * its estimated bytes on disk (its share of tables the organizations share), its oldest record,
 * how long the class is kept, when the next purge runs, and the photos' bytes. A class whose
 * records name no organization (queued mail) shows the whole instance's, and says so.
 */
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import {
  Alert,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { StorageReport } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api, errorData } from '../../api/client';
import { formatCount, formatDateTime, formatListDateTime, NONE } from '../../components/format';
import { storageKeys } from './keys';
import { formatBytes, formatDays } from './retention-form';

export default function StorageTab() {
  const report = useQuery<StorageReport>({
    queryKey: storageKeys.detail(''),
    queryFn: ({ signal }) => api.get<StorageReport>('storage', undefined, signal),
  });
  if (report.isError)
    return <Alert severity="error">Failed to load storage: {errorData(report.error)}</Alert>;
  if (!report.data) return <Skeleton variant="rounded" height={320} />;
  const { classes, photos, nextPurge } = report.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" alignItems="center" justifyContent="space-between" spacing={1}>
        <Typography variant="body2">
          Next purge: <strong>{formatDateTime(nextPurge)}</strong>. Rows are your organization's. Bytes on
          disk are estimated: each table's size in proportion to your organization's share of its rows.
        </Typography>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh storage" onClick={() => void report.refetch()}>
            <RefreshRounded />
          </IconButton>
        </Tooltip>
      </Stack>
      <TableContainer>
        <Table size="small" aria-label="Storage by data class">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Data class
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                Rows
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                On disk (est.)
              </TableCell>
              <TableCell component="th" scope="col">
                Oldest record
              </TableCell>
              <TableCell component="th" scope="col">
                Kept
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {classes.map((c) => (
              <TableRow key={c.class}>
                <TableCell component="th" scope="row">
                  {c.label}
                  {c.shared && (
                    <Typography component="span" variant="caption" color="text.secondary" display="block">
                      Shared by all organizations: mail is not kept per organization
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{formatCount(c.rows)}</TableCell>
                <TableCell align="right">{formatBytes(c.bytes)}</TableCell>
                <TableCell>{c.oldest ? formatListDateTime(c.oldest) : NONE}</TableCell>
                <TableCell>{formatDays(c.days)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell component="th" scope="row">
                Photos
              </TableCell>
              <TableCell align="right">{formatCount(photos.count)}</TableCell>
              <TableCell align="right">{formatBytes(photos.bytes)}</TableCell>
              <TableCell>{NONE}</TableCell>
              <TableCell>{formatDays(null)}</TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
