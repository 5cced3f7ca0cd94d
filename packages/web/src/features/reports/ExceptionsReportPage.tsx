/**
 * Exceptions report (SPEC 2.6, route reportExceptions): the site's exceptions in the date range,
 * newest first, paged; a row opens the exception detail; Download XLSX is GET exceptions/export.
 */
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Link } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, type ExceptionRecord, formatDateTime } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { paths } from '../../app/paths';
import { useSitePath } from '../../app/site-links';
import { DataTable } from '../../components/DataTable';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { useListState } from '../../components/list/useListState';
import { downloadFile } from '../things/download';
import { DownloadButton } from './DownloadButton';
import { ReportPage } from './ReportPage';
import { useReportRange } from './useReportRange';

export default function ExceptionsReportPage() {
  const { siteId } = useSession();
  const { range, setRange } = useReportRange();
  const { state, update } = useListState('-time');
  const toPath = useSitePath();
  const list = useList<ExceptionRecord>(
    'exceptions',
    {
      site: siteId,
      after: range.after,
      before: range.before,
      sort: '-time',
      limit: state.limit,
      page: state.page,
    },
    { enabled: siteId !== undefined },
  );
  const total = list.data?.total;
  return (
    <ReportPage
      title="Exceptions"
      subtitle={total === undefined ? ' ' : `${total} ${total === 1 ? 'exception' : 'exceptions'}`}
      actions={
        <DownloadButton
          label="Download XLSX"
          run={() =>
            downloadFile(
              'exceptions/export',
              { site: siteId, after: range.after, before: range.before },
              'exceptions.xlsx',
            )
          }
        />
      }
      filters={<DateRangeFilter value={range} onChange={setRange} />}
    >
      <DataTable<ExceptionRecord>
        label="Exceptions"
        rows={list.data?.items}
        rowKey={(e) => e._id}
        fetching={list.isFetching}
        error={list.error}
        onRetry={() => list.refetch()}
        columns={[
          {
            key: 'time',
            label: 'Time',
            render: (e) => (
              <Link component={RouterLink} to={toPath(paths.exceptionDetail(e._id))}>
                {formatDateTime(e.time)}
              </Link>
            ),
          },
          { key: 'type', label: 'Type', render: (e) => EXCEPTION_TYPE_LABELS[e.type] },
          {
            key: 'thing',
            label: 'Thing',
            render: (e) =>
              e.thingName ?? (e.multipleThings.length ? `${e.multipleThings.length} things` : '—'),
          },
          { key: 'zone', label: 'Zone', render: (e) => e.zoneName ?? '—', hideBelow: 'sm' },
          { key: 'message', label: 'Message', render: (e) => e.message, hideBelow: 'md' },
        ]}
        paging={{
          page: state.page,
          limit: state.limit,
          total: total ?? 0,
          onPage: (page) => update({ page }),
          onLimit: (limit) => update({ limit, page: 0 }),
        }}
        empty={{
          icon: <WarningAmberOutlined />,
          title: 'No exceptions in this period',
          description: 'Choose another date range.',
        }}
      />
    </ReportPage>
  );
}
