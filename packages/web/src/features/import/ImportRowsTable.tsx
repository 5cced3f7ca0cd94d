/**
 * The preview, then the import: per row what it will do (or did) and its status (IMPORT_ROW_STATUS,
 * or the row's error text).
 */
import { Chip, Typography } from '@mui/material';
import { IMPORT_ROW_STATUS, type ImportPlanRow, type ImportPreview } from '@sightline/shared';
import { useState } from 'react';
import { useSession } from '../../api/session-context';
import { DataTable } from '../../components/table/DataTable';
import type { Column } from '../../components/table/types';
import { thingWords } from '../things/thing-labels';
import { actionLabels } from './import-form';

/** Outlined chips keep the text's own colour (axe contrast); the border carries the kind. */
const ACTION_BORDERS = {
  new: 'success.main',
  update: 'info.main',
  duplicate: 'info.main',
  error: 'error.main',
} as const;
const OK: string[] = [IMPORT_ROW_STATUS.complete, IMPORT_ROW_STATUS.completeDuplicate];
const PENDING: string[] = [
  IMPORT_ROW_STATUS.waiting,
  IMPORT_ROW_STATUS.uploading,
  IMPORT_ROW_STATUS.duplicateDetected,
];

function statusColor(status: string) {
  if (OK.includes(status)) return 'success.dark';
  if (PENDING.includes(status)) return 'text.secondary';
  return 'error.main';
}

export function ImportRowsTable({
  preview,
  statuses,
}: {
  preview: ImportPreview;
  statuses: Map<number, string>;
}) {
  const labels = actionLabels(thingWords('item', useSession().settings).noun);
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(25);
  const columns: Column<ImportPlanRow>[] = [
    { field: 'line', label: 'Row', render: (r) => r.line, width: 64 },
    {
      field: 'action',
      label: 'Preview',
      render: (r) => (
        <Chip
          size="small"
          variant="outlined"
          sx={{ borderColor: ACTION_BORDERS[r.action] }}
          label={labels[r.action]}
        />
      ),
    },
    { field: 'name', label: 'Name', render: (r) => r.name },
    {
      field: 'tags',
      label: 'Tags',
      render: (r) => r.tags.join(', '),
      hideBelow: 'sm',
      sx: { fontFamily: 'monospace' },
    },
    {
      field: 'note',
      label: 'Note',
      hideBelow: 'md',
      render: (r) =>
        [
          r.message,
          r.sameAsLine ? `same tag as row ${r.sameAsLine}` : '',
          r.newCategories.length ? `new categories: ${r.newCategories.join(', ')}` : '',
        ]
          .filter((t) => t && (r.action !== 'error' || t !== r.message))
          .join('; '),
    },
    {
      field: 'status',
      label: 'Status',
      render: (r) => {
        const status = statuses.get(r.line) ?? (r.action === 'error' ? r.message : '');
        return (
          <Typography variant="body2" sx={{ color: statusColor(status) }}>
            {status}
          </Typography>
        );
      },
    },
  ];
  const rows = preview.rows.slice(page * limit, page * limit + limit);
  return (
    <DataTable
      label="Import rows"
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.line)}
      empty={{ title: 'No rows', description: 'The sheet has no rows under its header row.' }}
      paging={{
        page,
        limit,
        total: preview.rows.length,
        onPage: setPage,
        onLimit: (l) => {
          setLimit(l);
          setPage(0);
        },
      }}
    />
  );
}
