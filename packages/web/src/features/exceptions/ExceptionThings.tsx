/** The things of an inventory exception, each linked to its editor (items to /items/{id}). */
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import { Link, Typography } from '@mui/material';
import type { ExceptionThing } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session-context';
import { formatListDateTime, NONE } from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';
import { useSitePath } from '../../navigation/site-links';
import { className } from '../things/thing-labels';
import { thingPath } from './exception-text';

export function ExceptionThings({ things }: { things: ExceptionThing[] }) {
  const toPath = useSitePath();
  const { settings } = useSession();
  const columns: Column<ExceptionThing>[] = [
    {
      field: 'name',
      label: 'Name',
      render: (t) => (
        <Link component={RouterLink} to={toPath(thingPath(t._id, t.class))} sx={{ fontWeight: 600 }}>
          {t.name}
        </Link>
      ),
    },
    {
      field: 'type',
      label: 'Type',
      render: (t) => className(t.class, settings),
    },
    { field: 'zone', label: 'Zone', render: (t) => t.zoneName ?? NONE },
    {
      field: 'entry',
      label: 'Zone Entry Time',
      hideBelow: 'sm',
      render: (t) => formatListDateTime(t.lastZoneTime),
    },
  ];
  return (
    <DataTable<ExceptionThing>
      label="Things"
      columns={columns}
      rows={things}
      rowKey={(t) => t._id}
      toolbar={
        <Typography variant="h4" component="h2" sx={{ px: 2.5, pt: 2, pb: 1 }}>
          Things
        </Typography>
      }
      empty={{
        icon: <Inventory2Outlined />,
        title: 'No things',
        description: 'The things of this alert no longer exist.',
      }}
    />
  );
}
