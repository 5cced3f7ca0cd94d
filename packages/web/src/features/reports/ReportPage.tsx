/**
 * The frame of every report screen: title, actions (downloads, Print), the date range (Start / End
 * with the quick ranges, kept in the URL) with the screen's other filters, and A4 print styles.
 * Print mode (`?print=1` or printing) hides the menu, top bar and controls (`.no-print`).
 */
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import { Button, GlobalStyles, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { PageHeader } from '../../components';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import type { DateRange } from '../../components/date-range';

const a4 = (
  <GlobalStyles
    styles={{
      '@media print': {
        // Landscape: the Activity report has a column per zone; every column must reach the paper.
        '@page': { size: 'A4 landscape', margin: '10mm' },
        body: { background: '#fff' },
        '.report-body .MuiTableCell-root': { fontSize: '7.5pt', padding: '2px 4px', lineHeight: 1.25 },
        '.report-body .MuiPaper-root': { boxShadow: 'none', border: 'none', overflow: 'visible' },
        '.report-body .MuiTableContainer-root': { overflow: 'visible' },
        '.report-body table': { width: '100%', tableLayout: 'auto' },
        '.report-body tr': { breakInside: 'avoid' },
      },
    }}
  />
);

export interface ReportPageProps {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** The report's date range (useReportRange): the pickers come first, `filters` beside them. */
  range?: { range: DateRange; setRange: (next: DateRange) => void };
  filters?: ReactNode;
  children: ReactNode;
}

export function ReportPage({ title, subtitle, actions, range, filters, children }: ReportPageProps) {
  const controls = range ? (
    <DateRangeFilter value={range.range} onChange={range.setRange}>
      {filters}
    </DateRangeFilter>
  ) : (
    filters
  );
  return (
    <Stack className="report-body">
      {a4}
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Stack direction="row" spacing={1} className="no-print" sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {actions}
            <Button variant="outlined" startIcon={<PrintOutlined />} onClick={() => window.print()}>
              Print
            </Button>
          </Stack>
        }
      />
      {controls && (
        <Stack className="no-print" sx={{ mb: 2 }}>
          {controls}
        </Stack>
      )}
      {children}
    </Stack>
  );
}
