/** The webhook editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const WEBHOOK_LABELS = {
  event: 'Event',
  format: 'Format',
  targetUrl: 'Target URL',
  requestHeaders: 'Request Headers',
  fields: 'Field Mapping',
} as const;
