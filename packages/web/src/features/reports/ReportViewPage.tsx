/**
 * Report view by config (route reportEdit): a saved report config run over the chosen
 * dates (GET reports/{id} as JSON for the screen), and Download XLSX of the same report.
 */
import type { ReportConfig, ReportResult } from '@sightline/shared';
import { REPORT_TYPE_LABELS } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../../api/client';
import { useRecord } from '../../api/hooks';
import { DownloadButton } from '../../components/DownloadButton';
import { downloadFile } from '../things/download';
import { reportKeys } from './keys';
import { ReportPage } from './ReportPage';
import { ReportResultTable } from './ReportResultTable';
import { useReportRange } from './useReportRange';

export default function ReportViewPage() {
  const { id = '' } = useParams();
  const config = useRecord<ReportConfig>('reportconfigs', id);
  const dates = useReportRange();
  const { range } = dates;
  const query = { after: range.after, before: range.before };
  const report = useQuery({
    queryKey: reportKeys.result(id, query),
    queryFn: ({ signal }) => api.get<ReportResult>(`reports/${id}`, { ...query, format: 'json' }, signal),
    enabled: Boolean(id),
  });
  const name = config.data?.name ?? report.data?.name ?? 'Report';
  return (
    <ReportPage
      title={name}
      subtitle={config.data ? REPORT_TYPE_LABELS[config.data.type] : ' '}
      actions={
        <DownloadButton
          run={() => downloadFile(`reports/${id}`, { ...query, format: 'excel' }, `${name}.xlsx`)}
        />
      }
      range={dates}
    >
      <ReportResultTable label={name} query={report} />
    </ReportPage>
  );
}
