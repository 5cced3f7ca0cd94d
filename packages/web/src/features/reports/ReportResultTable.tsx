/** A report's JSON (columns and rows) as a table, each cell formatted by its column's kind. */
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import { Box } from '@mui/material';
import type { ReportResult } from '@sightline/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { useSession } from '../../api/session-context';
import { DataTable, type DataTableProps } from '../../components/table/DataTable';
import { className } from '../things/thing-labels';
import { formatCell } from './report-data';

type Row = ReportResult['rows'][number] & { __key: string };

const KEEP_WHOLE = new Set<string>(['date', 'day', 'duration']);

export function ReportResultTable({
  label,
  query,
  emptyTitle = 'Nothing in this period',
  emptyDescription = 'Choose another date range.',
  paging,
}: {
  label: string;
  query: UseQueryResult<ReportResult>;
  emptyTitle?: string;
  emptyDescription?: string;
  paging?: DataTableProps<Row>['paging'];
}) {
  const { settings } = useSession();
  const result = query.data;
  const rows = result?.rows.map((r, i) => ({ ...r, __key: String(i) }) as Row);
  return (
    <DataTable<Row>
      label={label}
      columns={(result?.columns ?? []).map((c) => ({
        field: c.key,
        label: c.header,
        align: c.kind === 'number' || c.kind === 'duration' ? 'right' : 'left',
        // A thing's class reads as the site names it ('Asset', not 'item').
        render: (row) => {
          if (c.key === 'class' && row[c.key]) return className(String(row[c.key]), settings);
          const text = formatCell(c.kind, row[c.key]);
          // A date-time or a length of time reads as one: never broken over lines (but in the
          // narrow pinned column of a phone, where a date-time wraps as its date over its clock).
          return KEEP_WHOLE.has(c.kind) ? (
            <Box component="span" className="keep-whole" sx={{ whiteSpace: 'nowrap' }}>
              {text}
            </Box>
          ) : (
            text
          );
        },
      }))}
      rows={rows}
      rowKey={(r) => r.__key}
      fetching={query.isFetching}
      error={query.error}
      onRetry={() => query.refetch()}
      paging={paging}
      scrollOnPhone
      empty={{ icon: <AssessmentOutlined />, title: emptyTitle, description: emptyDescription }}
    />
  );
}
