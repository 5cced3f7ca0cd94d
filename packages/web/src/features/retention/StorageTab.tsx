/**
 * The Storage tab of Organization Settings: per data class the estimated rows and bytes on disk
 * (the instance's tables, shared by organizations), the organization's oldest record, how long
 * the class is kept, when the next purge runs, and the photos' bytes.
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
          Next purge: <strong>{formatDateTime(nextPurge)}</strong>. Rows and bytes are the whole database's
          (estimated); the oldest record is your organization's.
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
                Rows (est.)
              </TableCell>
              <TableCell component="th" scope="col" align="right">
                On disk
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
