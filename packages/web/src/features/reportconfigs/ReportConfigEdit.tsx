/**
 * The report config editor: Name, Type, Format (required), Email, Zones, Categories and
 * Headings (which columns, under which names). A new config belongs to the selected site.
 */
import {
  type Category,
  LIST_LIMIT_MAX,
  REPORT_COLUMNS,
  REPORT_FORMAT_OPTIONS,
  REPORT_TYPE_OPTIONS,
  ReportConfigInput,
  type ReportOption,
} from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { useList } from '../../api/hooks';
import { useSession } from '../../api/session-context';
import { type EditorTab, ResourceEditor } from '../../components';
import { useSiteZones } from '../zones/useZones';
import { REPORT_CONFIG_LABELS } from './field-labels';
import { reportConfigKeys } from './keys';
import {
  newHeading,
  type ReportConfigForm,
  reportConfigBody,
  reportConfigDefaults,
} from './report-config-form';

function useOptions(path: 'reporttypes' | 'reportformat', fallback: ReportOption[]) {
  return useQuery({
    queryKey: reportConfigKeys.options(path),
    queryFn: ({ signal }) => api.get<ReportOption[]>(path, undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: fallback,
  });
}

/** Every column any type offers (the editor cannot see the chosen type inside a sub-list). */
const COLUMN_OPTIONS = [
  ...new Map(
    Object.values(REPORT_COLUMNS)
      .flat()
      .map((c) => [c.key, { value: c.key, label: c.key === 'zoneHours' ? 'Hours in each zone' : c.header }]),
  ).values(),
];

export default function ReportConfigEdit() {
  const session = useSession();
  const types = useOptions('reporttypes', REPORT_TYPE_OPTIONS);
  const formats = useOptions('reportformat', REPORT_FORMAT_OPTIONS);
  const zones = useSiteZones(session.siteId);
  const categories = useList<Category>('categories', { limit: LIST_LIMIT_MAX, sort: 'name' });

  const tabs = useMemo<EditorTab<ReportConfigForm>[]>(
    () => [
      {
        label: 'Basic',
        fields: [
          {
            type: 'text',
            name: 'name',
            label: REPORT_CONFIG_LABELS.name,
            required: true,
            autoComplete: 'off',
          },
          {
            type: 'select',
            name: 'type',
            label: REPORT_CONFIG_LABELS.type,
            required: true,
            options: (types.data ?? []).map((o) => ({ value: o.id, label: o.name })),
          },
          {
            type: 'select',
            name: 'format',
            label: REPORT_CONFIG_LABELS.format,
            required: true,
            options: (formats.data ?? []).map((o) => ({ value: o.id, label: o.name })),
          },
          {
            type: 'checkbox',
            name: 'email',
            label: REPORT_CONFIG_LABELS.email,
            helperText: "Attached to the site's daily report email (Sites → Reports).",
          },
          {
            type: 'combobox',
            name: 'zones',
            label: REPORT_CONFIG_LABELS.zones,
            multiple: true,
            options: zones.options,
            width: 'full',
            helperText: 'None chosen: every zone of the site.',
          },
          {
            type: 'combobox',
            name: 'categories',
            label: REPORT_CONFIG_LABELS.categories,
            multiple: true,
            options: (categories.data?.items ?? []).map((c) => ({ value: c._id, label: c.name })),
            width: 'full',
            helperText: 'None chosen: every thing.',
          },
        ],
      },
      {
        label: 'Headings',
        fields: [
          {
            type: 'sublist',
            name: 'headings',
            label: REPORT_CONFIG_LABELS.headings,
            addLabel: 'Add column',
            newItem: newHeading,
            helperText:
              'None: every column of the type. Otherwise these columns, in this order, under these names.',
            fields: [
              { type: 'select', name: 'key', label: 'Column', required: true, options: COLUMN_OPTIONS },
              { type: 'text', name: 'label', label: 'Heading' },
            ],
          },
        ],
      },
    ],
    [types.data, formats.data, zones.options, categories.data],
  );

  const defaults = reportConfigDefaults(session.siteId ?? '');
  return (
    <ResourceEditor<ReportConfigForm>
      resource="reportconfigs"
      entityName="report config"
      tabs={tabs}
      defaults={defaults}
      schema={ReportConfigInput}
      fromRecord={(record) => ({ ...defaults, ...record })}
      toBody={(v, ctx) => reportConfigBody({ ...v, site: ctx.isNew ? (session.siteId ?? v.site) : v.site })}
    />
  );
}
