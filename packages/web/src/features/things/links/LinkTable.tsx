/** The rows of the Parents/Children tab: name (opens the thing), serial, class, zone, link or unlink. */
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import { CircularProgress, IconButton, Link, Tooltip } from '@mui/material';
import { THING_CLASS_OPTIONS, type Thing } from '@sightline/shared';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../../api/session-context';
import { DataTable } from '../../../components/table/DataTable';
import type { Paging } from '../../../components/table/TableFrame';
import type { Column } from '../../../components/table/types';
import { useSitePath } from '../../../navigation/site-links';
import { useZoneNames } from '../lookups';
import { AlarmMarker, ZoneName } from '../ThingCells';
import { serialLabel } from '../thing-labels';

const CLASS_NAMES = new Map(THING_CLASS_OPTIONS.map((o) => [o.id, o.name]));

interface LinkTableProps {
  label: string;
  rows: Thing[] | undefined;
  fetching: boolean;
  error: unknown;
  onRetry: () => void;
  isLinked: (row: Thing) => boolean;
  canChange: (row: Thing) => boolean;
  busyId: string | undefined;
  onLink: (row: Thing) => void;
  onUnlink: (row: Thing) => void;
  empty: { icon: ReactNode; title: string; description?: string };
  paging: Paging;
}

export function LinkTable(props: LinkTableProps) {
  const { settings } = useSession();
  const zones = useZoneNames();
  const toPath = useSitePath();
  const action = (row: Thing) => {
    if (props.busyId === row._id) return <CircularProgress size={18} aria-label="Saving" />;
    if (!props.canChange(row)) return null;
    const linked = props.isLinked(row);
    const title = linked ? `Unlink ${row.name}` : `Link ${row.name}`;
    return (
      <Tooltip title={linked ? 'Unlink' : 'Link'}>
        <span>
          <IconButton
            size="small"
            aria-label={title}
            disabled={props.busyId !== undefined}
            onClick={() => (linked ? props.onUnlink(row) : props.onLink(row))}
            sx={
              linked
                ? { color: 'text.secondary', '&:hover': { color: 'error.main' } }
                : { color: 'primary.main' }
            }
          >
            {linked ? <LinkOffRounded fontSize="small" /> : <LinkRounded fontSize="small" />}
          </IconButton>
        </span>
      </Tooltip>
    );
  };
  const columns: Column<Thing>[] = [
    {
      field: 'name',
      label: 'Name',
      render: (t) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
          <Link component={RouterLink} to={toPath(`things/${t._id}`)} underline="hover">
            {t.name}
          </Link>
          <AlarmMarker thing={t} />
        </span>
      ),
    },
    { field: 'serial', label: serialLabel(settings), render: (t) => t.serial || '—', hideBelow: 'md' },
    { field: 'class', label: 'Class', render: (t) => CLASS_NAMES.get(t.class) ?? t.class, hideBelow: 'md' },
    { field: 'zone', label: 'Zone', render: (t) => <ZoneName id={t.zone} names={zones} /> },
    {
      field: 'action',
      label: 'Link or unlink',
      labelHidden: true,
      render: action,
      align: 'right',
      width: 56,
    },
  ];
  return (
    <DataTable<Thing>
      label={props.label}
      columns={columns}
      rows={props.rows}
      rowKey={(t) => t._id}
      fetching={props.fetching}
      error={props.error}
      onRetry={props.onRetry}
      empty={props.empty}
      paging={props.paging}
    />
  );
}
