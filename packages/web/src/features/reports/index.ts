/**
 * Reports: the main menu's Reports group (Activity, Exceptions, Zone Status,
 * Zones History, Zone Categories) and Custom Reports (one entry per saved report config of the
 * site, each opening the report view).
 */
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import SummarizeOutlined from '@mui/icons-material/SummarizeOutlined';
import type { ReportConfig } from '@sightline/shared';
import { useList } from '../../api/hooks';
import { paths } from '../../navigation/paths';
import { type Feature, type MenuContext, type MenuLink, page } from '../../navigation/registry';

function useCustomReportLinks(ctx: MenuContext): MenuLink[] {
  const configs = useList<ReportConfig>(
    'reportconfigs',
    { site: ctx.siteId, limit: 1000, sort: 'name' },
    { enabled: ctx.siteId !== undefined },
  );
  return (configs.data?.items ?? []).map((c) => ({ label: c.name, path: paths.reportEdit(c._id) }));
}

export const reportsFeature: Feature = {
  name: 'reports',
  routes: [
    { path: 'reports/events', lazy: page(() => import('./ActivityPage')) },
    { path: 'reports/exceptions', lazy: page(() => import('./ExceptionsReportPage')) },
    { path: 'reports/zones', lazy: page(() => import('./ZoneStatusPage')) },
    { path: 'reports/zonedurations', lazy: page(() => import('./ZonesHistoryPage')) },
    { path: 'reports/zonecategories', lazy: page(() => import('./ZoneCategoriesPage')) },
    { path: 'reports/:id', lazy: page(() => import('./ReportViewPage')) },
  ],
  menu: [
    {
      slot: 'reports',
      label: 'Reports',
      icon: AssessmentOutlined,
      children: [
        { label: 'Activity', path: paths.reportEvents },
        { label: 'Exceptions', path: paths.reportExceptions },
        { label: 'Zone Status', path: paths.reportZones },
        { label: 'Zones History', path: paths.reportZoneDurations },
        { label: 'Zone Categories', path: paths.reportZoneCategories },
      ],
    },
    {
      slot: 'customReports',
      label: 'Custom Reports',
      icon: SummarizeOutlined,
      useChildren: useCustomReportLinks,
    },
  ],
};
