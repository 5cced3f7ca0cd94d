/**
 * Activity (events by worker hours, route reportEvents): per worker (or item) and day,
 * first seen, last seen, hours on site and per zone, and the events counted; Download XLSX is
 * GET eventsbything/export for the same range.
 */
import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useSession } from '../../api/session-context';
import { DownloadButton } from '../../components/DownloadButton';
import { useListState } from '../../components/table/useListState';
import { downloadFile } from '../things/download';
import { ReportPage } from './ReportPage';
import { ReportResultTable } from './ReportResultTable';
import { useAdhocReport } from './report-data';
import { useReportRange } from './useReportRange';

type ClassChoice = 'worker' | 'item' | 'all';

export default function ActivityPage() {
  const { siteId, settings } = useSession();
  const dates = useReportRange();
  const { range, params, setParams } = dates;
  const choice = (params.get('class') as ClassChoice | null) ?? (settings.hideWorkers ? 'item' : 'worker');
  const thingClass = choice === 'all' ? undefined : choice;
  // Paged by things (all days of each): a month of a whole site is too many rows for one answer.
  const { state, update } = useListState();
  const report = useAdhocReport(
    siteId
      ? {
          type: 'reportTypeEvents',
          site: siteId,
          after: range.after,
          before: range.before,
          class: thingClass,
          limit: state.limit,
          page: state.page,
        }
      : undefined,
  );
  const total = report.data?.total;
  return (
    <ReportPage
      title="Activity"
      subtitle={total === undefined ? ' ' : `${total} ${total === 1 ? 'thing' : 'things'} with activity`}
      actions={
        <DownloadButton
          run={() =>
            downloadFile(
              'eventsbything/export',
              { site: siteId, after: range.after, before: range.before, class: thingClass },
              'Activity.xlsx',
            )
          }
        />
      }
      range={dates}
      filters={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={choice}
          aria-label="Show"
          onChange={(_, value: ClassChoice | null) =>
            value &&
            setParams((prev) => {
              const p = new URLSearchParams(prev);
              p.set('class', value);
              return p;
            })
          }
        >
          {!settings.hideWorkers && <ToggleButton value="worker">{settings.workerLabel}</ToggleButton>}
          <ToggleButton value="item">{settings.itemLabel}</ToggleButton>
          <ToggleButton value="all">All</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <ReportResultTable
        label="Activity"
        query={report}
        emptyTitle="No activity in this period"
        paging={{
          page: state.page,
          limit: state.limit,
          total: total ?? 0,
          onPage: (page) => update({ page }),
          onLimit: (limit) => update({ limit, page: 0 }),
        }}
      />
    </ReportPage>
  );
}
