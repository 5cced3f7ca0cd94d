/** The user editor's labels by field: its inputs read them, and so does the Audit Log's diff. */
export const USER_LABELS = {
  name: 'Name',
  username: 'Username',
  roles: 'Roles',
  'securityCtx.sites': 'Sites',
  sendEmail: 'Send activation email',
  password: 'Password',
} as const;
