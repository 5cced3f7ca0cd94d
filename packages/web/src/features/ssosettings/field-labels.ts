/** The SSO Settings editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const SSO_SETTINGS_LABELS = {
  oktaIssuer: 'Okta Issuer',
  oktaClientId: 'Okta Client ID',
  oktaClientSecret: 'Okta Secret',
  entraTenant: 'Entra Tenant',
  allowSuperAdminSso: 'Allow Super Admins to sign in with single sign-on',
  requireTotp: 'Require two-factor authentication for password sign-in',
} as const;
