/** Report calls of the web: ad-hoc reports as JSON, downloads by GET or POST, cell formatting. */
import type { AdhocReportBody, ReportCell, ReportColumnDef, ReportResult } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { api, request } from '../../api/client';
import { formatDuration, formatListDate, formatListDateTime } from '../../components/format';
import { attachmentName } from '../things/download';
import { reportKeys } from './keys';

export type AdhocQuery = Omit<AdhocReportBody, 'format' | 'categories' | 'zones' | 'page'> &
  Partial<Pick<AdhocReportBody, 'categories' | 'zones' | 'page'>>;

/** POST reports/adhoc as JSON; `enabled` false holds it (e.g. until Run Report). */
export function useAdhocReport(
  body: AdhocQuery | undefined,
  options: { refetchInterval?: number | false } = {},
) {
  return useQuery({
    queryKey: reportKeys.adhoc(body),
    queryFn: () => api.post<ReportResult>('reports/adhoc', { ...body, format: 'json' }),
    enabled: body !== undefined && Boolean(body.site),
    refetchInterval: options.refetchInterval,
  });
}

function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST a body and save the file it answers (the ad-hoc workbook). */
export async function downloadPost(path: string, body: unknown, fallbackName: string): Promise<string> {
  const res = await fetch(`/api/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    await request(`/api/${path}`, { method: 'POST', body });
    throw new Error(res.statusText || `HTTP ${res.status}`);
  }
  const name = attachmentName(res.headers.get('content-disposition'), fallbackName);
  save(await res.blob(), name);
  return name;
}

/** A cell as the screen shows it: dates and date-times as lists show them, durations in their one form. */
export function formatCell(kind: ReportColumnDef['kind'], value: ReportCell | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  switch (kind) {
    case 'date':
      return formatListDateTime(String(value));
    case 'day':
      return formatListDate(`${value}T12:00:00`);
    case 'duration':
      return formatDuration(Number(value));
    default:
      return String(value);
  }
}
