/** The organization editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const ORGANIZATION_LABELS = {
  name: 'Name',
  subdomain: 'Subdomain',
  timeCreated: 'Created Date',
  adminName: 'First Admin Name',
  adminEmail: 'First Admin Email',
  oktaEnabled: 'Okta Enabled',
  entraEnabled: 'Entra Enabled',
} as const;
