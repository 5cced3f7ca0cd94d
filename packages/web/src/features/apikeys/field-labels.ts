/** The API key editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const API_KEY_LABELS = {
  name: 'Name',
  token: 'Token',
  roles: 'Roles',
  securityCtx: 'Sites',
  'securityCtx.sites': 'Sites',
} as const;
