/** The category editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const CATEGORY_LABELS = {
  name: 'Name',
  hidden: 'Hidden',
  description: 'Description',
} as const;
