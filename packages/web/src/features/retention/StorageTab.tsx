/**
 * The Storage tab of Organization Settings: per data class the organization's rows (counted) and
 * its estimated bytes on disk (its share of tables the organizations share), its oldest record,
 * how long the class is kept, when the next purge runs, and the photos' bytes. A class whose
 * records name no organization (queued mail) shows the whole instance's, and says so. On a phone
 * each class is a card of its figures (a definition list), so every figure is read without
 * scrolling sideways.
 */
import RefreshRounded from '@mui/icons-material/RefreshRounded';
import {
  Alert,
  Box,
  IconButton,
  List,
  ListItem,
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
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { StorageClass, StorageReport } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api, errorData } from '../../api/client';
import { formatCount, formatDateTime, formatListDateTime, NONE } from '../../components/format';
import { storageKeys } from './keys';
import { formatBytes, formatDays } from './retention-form';

/** One row of the report as it is shown: a class, or the photos (counted, never purged). */
interface StorageLine {
  key: string;
  label: string;
  shared: boolean;
  rows: string;
  bytes: string;
  oldest: string;
  kept: string;
}

const TABLE_LABEL = 'Storage by data class';
const SHARED_NOTE = 'Shared by all organizations: mail is not kept per organization';

function storageLines(report: StorageReport): StorageLine[] {
  const line = (c: StorageClass): StorageLine => ({
    key: c.class,
    label: c.label,
    shared: Boolean(c.shared),
    rows: formatCount(c.rows),
    bytes: formatBytes(c.bytes),
    oldest: c.oldest ? formatListDateTime(c.oldest) : NONE,
    kept: formatDays(c.days),
  });
  const { photos } = report;
  return [
    ...report.classes.map(line),
    {
      key: 'photos',
      label: 'Photos',
      shared: false,
      rows: formatCount(photos.count),
      bytes: formatBytes(photos.bytes),
      oldest: NONE,
      kept: formatDays(null),
    },
  ];
}

const FIGURES: { label: string; of: (l: StorageLine) => string }[] = [
  { label: 'Rows', of: (l) => l.rows },
  { label: 'On disk (est.)', of: (l) => l.bytes },
  { label: 'Oldest record', of: (l) => l.oldest },
  { label: 'Kept', of: (l) => l.kept },
];

/** A phone's cards: the class as a heading over its four figures, label beside value. */
function StorageCards({ lines }: { lines: StorageLine[] }) {
  return (
    <List disablePadding aria-label={TABLE_LABEL}>
      {lines.map((l) => (
        <ListItem key={l.key} divider disableGutters sx={{ display: 'block', py: 1.25 }}>
          <Typography variant="subtitle2" component="h3">
            {l.label}
          </Typography>
          {l.shared && (
            <Typography variant="caption" color="text.secondary" display="block">
              {SHARED_NOTE}
            </Typography>
          )}
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 0.5,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 2,
              rowGap: 0.25,
              typography: 'body2',
              '& dt': { color: 'text.secondary' },
              '& dd': { m: 0, textAlign: 'right', overflowWrap: 'anywhere' },
            }}
          >
            {FIGURES.map((f) => (
              <Box key={f.label} sx={{ display: 'contents' }}>
                <dt>{f.label}</dt>
                <dd>{f.of(l)}</dd>
              </Box>
            ))}
          </Box>
        </ListItem>
      ))}
    </List>
  );
}

export default function StorageTab() {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const report = useQuery<StorageReport>({
    queryKey: storageKeys.detail(''),
    queryFn: ({ signal }) => api.get<StorageReport>('storage', undefined, signal),
  });
  if (report.isError)
    return <Alert severity="error">Failed to load storage: {errorData(report.error)}</Alert>;
  if (!report.data) return <Skeleton variant="rounded" height={320} />;
  const { nextPurge } = report.data;
  const lines = storageLines(report.data);
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
      {phone ? <StorageCards lines={lines} /> : <StorageTable lines={lines} />}
    </Stack>
  );
}

function StorageTable({ lines }: { lines: StorageLine[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label={TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              Data class
            </TableCell>
            {FIGURES.map((f, i) => (
              <TableCell key={f.label} component="th" scope="col" align={i < 2 ? 'right' : 'left'}>
                {f.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.key}>
              <TableCell component="th" scope="row">
                {l.label}
                {l.shared && (
                  <Typography component="span" variant="caption" color="text.secondary" display="block">
                    {SHARED_NOTE}
                  </Typography>
                )}
              </TableCell>
              {FIGURES.map((f, i) => (
                <TableCell key={f.label} align={i < 2 ? 'right' : 'left'}>
                  {f.of(l)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
