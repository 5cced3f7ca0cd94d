/**
 * Exceptions report (route reportExceptions): the site's exceptions in the date range,
 * newest first, paged; a row opens the exception detail; Download XLSX is GET exceptions/export.
 */
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import { Link } from '@mui/material';
import { EXCEPTION_TYPE_LABELS, type ExceptionRecord } from '@sightline/shared';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../api/session-context';
import { DownloadButton } from '../../components/DownloadButton';
import { formatListDateTime, formatTimesIn } from '../../components/format';
import { DataTable } from '../../components/table/DataTable';
import { paths } from '../../navigation/paths';
import { useSitePath } from '../../navigation/site-links';
import { useSiteTimezone } from '../exceptions/exception-text';
import { downloadFile } from '../things/download';
import { ReportPage } from './ReportPage';
import { useReportList } from './useReportList';
import { useReportRange } from './useReportRange';

export default function ExceptionsReportPage() {
  const { siteId } = useSession();
  const timezoneId = useSiteTimezone(siteId);
  const dates = useReportRange();
  const { range } = dates;
  const toPath = useSitePath();
  const list = useReportList<ExceptionRecord>(
    'exceptions',
    { site: siteId, after: range.after, before: range.before, sort: '-time' },
    '-time',
    siteId !== undefined,
  );
  return (
    <ReportPage
      title="Exceptions"
      subtitle={list.count('exception', 'exceptions')}
      actions={
        <DownloadButton
          run={() =>
            downloadFile(
              'exceptions/export',
              { site: siteId, after: range.after, before: range.before },
              'exceptions.xlsx',
            )
          }
        />
      }
      range={dates}
    >
      <DataTable<ExceptionRecord>
        label="Exceptions"
        {...list.table}
        rowKey={(e) => e._id}
        columns={[
          {
            field: 'time',
            label: 'Time',
            render: (e) => (
              <Link component={RouterLink} to={toPath(paths.exceptionDetail(e._id))}>
                {formatListDateTime(e.time)}
              </Link>
            ),
          },
          { field: 'type', label: 'Type', render: (e) => EXCEPTION_TYPE_LABELS[e.type] },
          {
            field: 'thing',
            label: 'Thing',
            render: (e) =>
              e.thingName ?? (e.multipleThings.length ? `${e.multipleThings.length} things` : '—'),
          },
          { field: 'zone', label: 'Zone', render: (e) => e.zoneName ?? '—' },
          { field: 'message', label: 'Message', render: (e) => formatTimesIn(e.message, timezoneId) },
        ]}
        scrollOnPhone
        empty={{
          icon: <WarningAmberOutlined />,
          title: 'No exceptions in this period',
          description: 'Choose another date range.',
        }}
      />
    </ReportPage>
  );
}
