/** The report configuration editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const REPORT_CONFIG_LABELS = {
  name: 'Name',
  type: 'Type',
  format: 'Format',
  email: 'Email',
  zones: 'Zones',
  categories: 'Categories',
  headings: 'Headings',
} as const;
