/**
 * The report screens' date range, kept in the URL (after, before), today by default (the quick
 * range Today).
 */
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type DateRange, quickDateRange } from '../../components/date-range';

export function useReportRange() {
  const [params, setParams] = useSearchParams();
  const today = useMemo(() => quickDateRange('today'), []);
  const range: DateRange = {
    after: params.get('after') || today.after,
    before: params.get('before') || today.before,
  };
  const setRange = (next: DateRange) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      p.set('after', next.after ?? '');
      p.set('before', next.before ?? '');
      p.delete('page');
      return p;
    });
  return { range, setRange, params, setParams };
}
