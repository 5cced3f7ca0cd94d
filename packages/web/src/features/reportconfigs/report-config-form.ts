/** The report config editor's form values and the API body built from them (the shared `ReportConfig`). */
import type { ReportConfig, ReportConfigInputRaw } from '@sightline/shared';

export type ReportConfigForm = Omit<ReportConfig, '_id' | 'type' | 'format'> & {
  _id?: string;
  /** '' until chosen: Type and Format are required. */
  type: ReportConfig['type'] | '';
  format: ReportConfig['format'] | '';
};

export const reportConfigDefaults = (site: string): ReportConfigForm => ({
  name: '',
  type: '',
  format: 'excel',
  email: false,
  zones: [],
  categories: [],
  headings: [],
  site,
});

export const newHeading = () => ({ key: '', label: '' });

export function reportConfigBody(v: ReportConfigForm): ReportConfigInputRaw {
  return {
    name: v.name.trim(),
    type: v.type as ReportConfig['type'],
    format: v.format as ReportConfig['format'],
    email: v.email,
    zones: v.zones,
    categories: v.categories,
    headings: v.headings.map((h) => ({ key: h.key, label: (h.label ?? '').trim() })),
    site: v.site,
  };
}
